import type { PendingChoice } from "../db/schema/index.js";
import type { BotReply } from "./replies.js";

/** What one customer's message made an integration decide; the turn's transaction applies it. */
export interface TurnOutcome {
  replies: BotReply[];
  /** The conversation's state afterwards (Typebot's session and the choices it waits on). */
  session: { sessionId: string; pendingChoices: PendingChoice[] | null };
  /** The integration lets the ticket go to people (Typebot's finish keyword, Dialogflow's end of interaction). */
  handOn: boolean;
  /** Why the bot could not answer (logged; the customer got the unknown message, or the ticket went to people). */
  failure?: string;
}

export const noSession = { sessionId: "", pendingChoices: null };
