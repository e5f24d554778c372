/**
 * One customer's message to a Dialogflow ES agent (issue 17 item 6): detect
 * intent in the session named by the ticket's uuid, in the integration's
 * language, on its projectName (the JSON's project_id when empty). The text
 * fulfilment messages go to the customer; an intent that ends the
 * interaction hands the ticket on. An agent that cannot be reached (3
 * attempts within about 10 s for 429, 5xx and network errors; none for a
 * refused key or project) hands the ticket to people too, so no customer
 * waits on it.
 */
import type { queueIntegrations } from "../../db/schema/index.js";
import { jsonContentOf } from "../integration-secrets.js";
import { noSession, type TurnOutcome } from "../turn-outcome.js";
import { detectIntent, type DetectIntentResult } from "./detect-intent.js";
import { DialogflowError, parseServiceAccount } from "./service-account.js";

type Integration = typeof queueIntegrations.$inferSelect;

export interface DialogflowTurn {
  integration: Integration;
  apiUrl: string;
  ticketUuid: string;
  text: string;
}

/** Waits before the 2nd and 3rd attempts. */
export const dialogflowRetryDelaysMs = [1_000, 4_000];

async function withRetries(call: () => Promise<DetectIntentResult>): Promise<DetectIntentResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const delay = dialogflowRetryDelaysMs[attempt];
      if (!(err instanceof DialogflowError) || !err.retryable || delay === undefined) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export async function runDialogflow(turn: DialogflowTurn): Promise<TurnOutcome> {
  if (!turn.text.trim()) return { replies: [], session: noSession, handOn: false };
  try {
    const account = parseServiceAccount(jsonContentOf(turn.integration));
    const project = turn.integration.projectName || account.projectId;
    const result = await withRetries(() =>
      detectIntent({
        companyId: turn.integration.companyId,
        apiUrl: turn.apiUrl,
        account,
        project,
        session: turn.ticketUuid,
        text: turn.text,
        languageCode: turn.integration.language || "pt-BR",
      }),
    );
    return {
      replies: result.texts.map((text) => ({ kind: "text", text })),
      session: noSession,
      handOn: result.endsInteraction,
    };
  } catch (err) {
    if (!(err instanceof DialogflowError)) throw err;
    return { replies: [], session: noSession, handOn: true, failure: `${err.code}: ${err.message}` };
  }
}
