/**
 * The "Testar fluxo" conversation (issue 18 item 7). Every call sends all the customer's
 * messages so far and the server walks the saved flow from its start, so its replies are
 * the whole conversation's: the ones past those already shown are this turn's answer.
 */
import type { FlowSimulation } from "@balcao/contracts";

export type SimReply = FlowSimulation["replies"][number];
export type SimLine = { from: "customer"; body: string } | { from: "flow"; reply: SimReply };

export interface SimState {
  customer: string[];
  lines: SimLine[];
  /** How many of the server's replies are on screen. */
  shown: number;
  waitingAt: string | null;
}

export const emptySim: SimState = { customer: [], lines: [], shown: 0, waitingAt: null };

/** The request for the conversation with `body` typed next (undefined: the opening, no message yet). */
export function simRequest(state: SimState, body?: string) {
  const customer = body === undefined ? state.customer : [...state.customer, body];
  return { messages: customer.map((text) => ({ from: "customer" as const, body: text })) };
}

/** The conversation after the server answered the request for `body`. */
export function simAnswered(state: SimState, body: string | undefined, answer: FlowSimulation): SimState {
  const customer = body === undefined ? state.customer : [...state.customer, body];
  const asked: SimLine[] = body === undefined ? [] : [{ from: "customer", body }];
  const fresh = answer.replies.slice(state.shown).map((reply): SimLine => ({ from: "flow", reply }));
  return {
    customer,
    lines: [...state.lines, ...asked, ...fresh],
    shown: Math.max(state.shown, answer.replies.length),
    waitingAt: answer.waitingAt,
  };
}
