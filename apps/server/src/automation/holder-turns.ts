/**
 * A held ticket's turn (holder.ts): the customer's message handed to its
 * holder's durable job, queued in the caller's transaction, so it exists if
 * and only if the decision committed. A prompt's turn is the AI's
 * (ai-turn.job.ts), an integration's is the integrations' (integrations/integration-turn.job.ts).
 */
import type { EventTransaction } from "../events/bus.js";
import { integrationTurn } from "../integrations/integration-turn.job.js";
import { aiTurn } from "./ai-turn.job.js";
import type { Holder } from "./holder.js";

export interface TurnIds {
  companyId: number;
  ticketId: number;
  messageId: number;
}

export async function queueTurn(t: EventTransaction, ids: TurnIds, holder: Holder): Promise<void> {
  if (holder.kind === "prompt") await t.enqueue(aiTurn, { ...ids, promptId: holder.promptId });
  else await t.enqueue(integrationTurn, { ...ids, integrationId: holder.integrationId });
}
