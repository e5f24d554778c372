/**
 * Ending flow runs (issue 18 item 5): deactivating or deleting a flow, a save that removes the node a run
 * stands on, an agent's accept, transfer or close. The ticket keeps its place (pending in its queue, or
 * wherever the agent put it); the run state is cleared, so a step's job still queued for it finds no run and
 * does nothing (run.ts compares tickets.flow_step).
 */
import { and, eq, isNull, notInArray, or } from "drizzle-orm";
import { tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { handToPeople } from "../holder.js";
import { releaseNodeHolds } from "./node-hold.js";

type TicketRow = typeof tickets.$inferSelect;

/**
 * What a ticket without a run holds; spread into an agent's accept, transfer and close
 * (modules/tickets/ticket-moves.ts botLetsGo, closedValues) so they end the run in the same write.
 */
export const flowRunCleared = {
  flowId: null,
  flowNodeId: null,
  flowWaiting: false,
  flowVariables: {},
  flowWalked: 0,
};

/**
 * Ends the run on one ticket locked by the caller and hands it to people as a released hold does
 * (automation/holder.ts releaseHold): pending in `queueId` (null keeps its queue), no bot, no prompt or
 * integration takes it again until it is closed. False when no run holds it.
 */
export async function endTicketFlowRun(
  t: EventTransaction,
  ticket: TicketRow,
  queueId: number | null = null,
): Promise<boolean> {
  if (ticket.flowId === null) return false;
  await handToPeople(t, ticket, queueId, flowRunCleared);
  return true;
}

/**
 * Ends every run of a flow in the company (only those standing on a node outside `keepNodeIds` when it is
 * given: a save keeps the runs whose node is still drawn). Each ticket stays pending in its queue.
 */
export async function endFlowRuns(
  t: EventTransaction,
  where: { companyId: number; flowId: number; keepNodeIds?: string[] },
): Promise<number[]> {
  const conditions = [eq(tickets.companyId, where.companyId), eq(tickets.flowId, where.flowId)];
  if (where.keepNodeIds && where.keepNodeIds.length > 0) {
    conditions.push(or(isNull(tickets.flowNodeId), notInArray(tickets.flowNodeId, where.keepNodeIds))!);
  }
  const running = await t.db
    .select()
    .from(tickets)
    .where(and(...conditions))
    .orderBy(tickets.id)
    .for("update");
  const ended: number[] = [];
  for (const ticket of running) if (await endTicketFlowRun(t, ticket)) ended.push(ticket.id);
  // The tickets its typebot and openai nodes hold are let go alike (node-hold.ts).
  return [...ended, ...(await releaseNodeHolds(t, where))];
}
