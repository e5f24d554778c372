import { and, eq } from "drizzle-orm";
import { tickets } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { flowRunCleared } from "../../automation/flows/end-runs.js";

/** The ticket, locked until the transaction ends: one job at a time (a timer, the answering job) decides on it. */
export async function lockTicket(e: EventTransaction, companyId: number, ticketId: number) {
  const [row] = await e.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
    .for("update");
  return row;
}

/**
 * An agent's accept or transfer, or a timer's move, takes the ticket out of the queue bot's hands
 * (automation/chatbot.ts) and ends the hold of a prompt or integration (automation/holder.ts): neither takes
 * it again until it is closed; a flow's run ends with it (automation/flows/end-runs.ts).
 */
export const botLetsGo = {
  ...flowRunCleared,
  chatbot: false,
  queueOptionId: null,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  // A flow node's hold (automation/flows/node-hold.ts) ends the same way.
  holdFlowId: null,
  holdFlowNodeId: null,
  holdReleased: true,
};

/**
 * What closing writes, shared by the agents' resolve (update-ticket.ts) and
 * the timers' close (timer-moves.ts), so a ticket a timer closed is the same
 * ticket as one an agent closed: for `userId` (the attendant it had, else the
 * closer), with no bot, integration or prompt holding it any more.
 */
export const closedValues = (userId: number | null) => ({
  status: "closed",
  closedAt: new Date(),
  userId,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  // A flow node's hold (automation/flows/node-hold.ts) ends the same way.
  holdFlowId: null,
  holdFlowNodeId: null,
  chatbot: false,
  // The next conversation may be held again.
  holdReleased: false,
  ...flowRunCleared,
});
