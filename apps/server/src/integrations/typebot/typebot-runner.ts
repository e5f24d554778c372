/**
 * One customer's message to a Typebot (issue 17 item 6): the finish keyword
 * hands the ticket on; the restart keyword, or a session silent for
 * typebotExpires minutes, starts a fresh chat (the restart message first);
 * otherwise the answer continues the session (a number or a choice's text
 * answering a pending choice input). Typebot failing or saying nothing:
 * typebotUnknownMessage.
 */
import type { integrationSessions, queueIntegrations } from "../../db/schema/index.js";
import type { BotReply } from "../replies.js";
import { noSession, type TurnOutcome } from "../turn-outcome.js";
import { continueChat, startChat, TypebotError, type TypebotAnswer } from "./typebot-client.js";
import { answerFor, renderAnswer } from "./typebot-render.js";

type Session = typeof integrationSessions.$inferSelect;

/** What a Typebot conversation runs by: an integration row's fields, or a flow's typebot block's (flows/typebot-node.ts). */
export type TypebotSettings = Pick<
  typeof queueIntegrations.$inferSelect,
  | "urlN8N"
  | "typebotSlug"
  | "typebotExpires"
  | "typebotDelayMessage"
  | "typebotKeywordFinish"
  | "typebotKeywordRestart"
  | "typebotUnknownMessage"
  | "typebotRestartMessage"
>;

export interface TypebotTurn {
  integration: TypebotSettings;
  session: Session | undefined;
  text: string;
  contact: { number: string; name: string };
  now: Date;
}

const same = (a: string, b: string) => b.trim() !== "" && a.trim().toLowerCase() === b.trim().toLowerCase();

function expired(integration: TypebotSettings, session: Session, now: Date): boolean {
  const minutes = integration.typebotExpires;
  return minutes > 0 && now.getTime() - session.lastActivityAt.getTime() > minutes * 60_000;
}

async function converse(
  turn: TypebotTurn,
  live: Session | undefined,
): Promise<{ answer: TypebotAnswer; sessionId: string }> {
  const { integration } = turn;
  if (!integration.urlN8N) throw new TypebotError("no Typebot URL");
  if (live) {
    try {
      const answer = await continueChat(integration.urlN8N, live.sessionId, answerFor(turn.text, live.pendingChoices));
      return { answer, sessionId: live.sessionId };
    } catch (err) {
      // Typebot forgot the session (expired on its side, or the bot republished): a fresh chat.
      if (!(err instanceof TypebotError && err.gone)) throw err;
    }
  }
  const { number, name } = turn.contact;
  const answer = await startChat(integration.urlN8N, integration.typebotSlug, { number, pushName: name, name });
  if (!answer.sessionId) throw new TypebotError("startChat answered no sessionId");
  return { answer, sessionId: answer.sessionId };
}

export async function runTypebot(turn: TypebotTurn): Promise<TurnOutcome> {
  const { integration, session, text, now } = turn;
  if (same(text, integration.typebotKeywordFinish)) return { replies: [], session: noSession, handOn: true };
  const restart = same(text, integration.typebotKeywordRestart);
  const live = session?.sessionId && !restart && !expired(integration, session, now) ? session : undefined;
  // A file without a caption says nothing to a chat already under way.
  if (live && !text.trim()) return { replies: [], session: live, handOn: false };
  const before: BotReply[] =
    restart && integration.typebotRestartMessage.trim()
      ? [{ kind: "text", text: integration.typebotRestartMessage }]
      : [];
  const unknown: BotReply[] = integration.typebotUnknownMessage.trim()
    ? [{ kind: "text", text: integration.typebotUnknownMessage }]
    : [];
  try {
    const { answer, sessionId } = await converse(turn, live);
    const { replies, choices } = renderAnswer(answer);
    // Without an input the flow is over: the next message starts it again.
    const next = answer.input ? { sessionId, pendingChoices: choices } : noSession;
    return { replies: [...before, ...(replies.length ? replies : unknown)], session: next, handOn: false };
  } catch (err) {
    if (!(err instanceof TypebotError)) throw err;
    return { replies: [...before, ...unknown], session: live ?? noSession, handOn: false, failure: err.message };
  }
}
