/**
 * A held ticket's turn (holder.ts): the customer's message handed to its
 * holder's durable job, queued in the caller's transaction, so it exists if
 * and only if the decision committed. A prompt's turn is the AI's
 * (ai-turn.job.ts), an integration's is the integrations' (integrations/integration-turn.job.ts);
 * a flow's node (flows/node-hold.ts) takes the AI's turn (openai) or the Typebot turn (typebot), and a node
 * gone meanwhile lets the ticket go to people at once.
 */
import type { EventTransaction } from "../events/bus.js";
import { integrationTurn } from "../integrations/integration-turn.job.js";
import { aiTurn } from "./ai-turn.job.js";
import { readHeldNode, releaseGoneNode, type NodeHolder } from "./flows/node-hold.js";
import { reread, type Holder } from "./holder.js";

export interface TurnIds {
  companyId: number;
  ticketId: number;
  messageId: number;
}

export async function queueTurn(t: EventTransaction, ids: TurnIds, holder: Holder): Promise<void> {
  if (holder.kind === "prompt") await t.enqueue(aiTurn, { ...ids, promptId: holder.promptId });
  else if (holder.kind === "integration")
    await t.enqueue(integrationTurn, { ...ids, integrationId: holder.integrationId });
  else await queueNodeTurn(t, ids, holder);
}

async function queueNodeTurn(t: EventTransaction, ids: TurnIds, holder: NodeHolder): Promise<void> {
  const node = await readHeldNode(t.db, ids.companyId, holder);
  const turn = { ...ids, flowId: holder.flowId, nodeId: holder.nodeId };
  if (node?.type === "openai") return t.enqueue(aiTurn, turn);
  if (node?.type === "typebot") return t.enqueue(integrationTurn, turn);
  const ticket = await reread(t, ids.ticketId);
  if (ticket) await releaseGoneNode(t, ticket, holder);
}
