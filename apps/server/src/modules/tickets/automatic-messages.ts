/**
 * The messages ticket actions send the customer on their own (SERVER-BEHAVIOUR
 * "Tickets and messages"): the accept greeting, the transfer notice, the
 * connection's completion message and the calls-refused notice. Portuguese,
 * as the customers of this family of products read them, written with message
 * variables and rendered for the ticket (automation/ticket-variables.ts) when
 * queued, like every automatic text.
 *
 * Queued, not sent: the texts are stored in the transaction that decided them
 * and the send sweep delivers them after its commit, so an action
 * that rolls back sends nothing and a crash after the commit loses nothing. A
 * message the provider refuses stays in the conversation as failed (the agent
 * may retry it); the action itself stands.
 */
import type { Context } from "../../context.js";
import { renderForTicket } from "../../automation/ticket-variables.js";
import type { EventTransaction } from "../../events/bus.js";
import { storeOutgoing, type OutgoingTicket } from "../messages/send-message.js";
import { queueSends } from "../messages/send-queue.js";
import { settingValue } from "../settings/settings.queries.js";

const prefix = "*Mensagem Automática:*\n";

/** Rendered after the accept, so {{userName}} is the attendant who took the ticket. */
export const acceptGreeting = `${prefix}Olá *{{name}}*, meu nome é *{{userName}}* e agora vou prosseguir com seu atendimento!`;

/** Rendered after the transfer, so {{queue}} / {{userName}} are the ticket's new ones. */
export function transferNotice(to: "queue" | "user"): string {
  const where = to === "user" ? "o atendente *{{userName}}*" : "o departamento *{{queue}}*";
  return `${prefix}Você foi transferido para ${where}, aguarde que já vamos te atender!`;
}

/** To a caller while the company's `call` setting refuses calls (SERVER-BEHAVIOUR "Calls"). */
export const callsRefusedNotice = `${prefix}As chamadas de voz e vídeo não são aceitas neste número. Por favor, envie uma mensagem de texto.`;

/**
 * Renders each text for the ticket as it is in this transaction and stores
 * the non-empty ones without an author; answers their ids, in order.
 * `userId` names {{userName}} when it is not the ticket's attendant.
 */
async function storeAutomatic(
  t: EventTransaction,
  ticket: OutgoingTicket,
  texts: readonly string[],
  options: { userId?: number | null } = {},
): Promise<number[]> {
  const messageIds: number[] = [];
  for (const text of texts) {
    if (!text.trim()) continue;
    const body = await renderForTicket(t.db, ticket.companyId, ticket.id, text, options);
    messageIds.push(await storeOutgoing(t, ticket, { body, userId: null }));
  }
  return messageIds;
}

/**
 * Stores the texts (storeAutomatic) and queues their delivery in this order.
 * `after`: messages already stored in this transaction that go out first, in
 * the same delivery (a flow's texts before the queue greeting its ticket block leads to).
 */
export async function queueAutomatic(
  t: EventTransaction,
  ticket: OutgoingTicket,
  texts: readonly string[],
  options: { userId?: number | null; after?: readonly number[] } = {},
): Promise<void> {
  const messageIds = [...(options.after ?? []), ...(await storeAutomatic(t, ticket, texts, options))];
  await queueSends(t, ticket, messageIds);
}

/** The transfer notice, when the company sends one (sendMsgTransfTicket); never to a group. */
export async function queueTransferNotice(
  t: EventTransaction,
  ticket: OutgoingTicket & { isGroup: boolean },
  to: "queue" | "user",
): Promise<void> {
  if (ticket.isGroup || (await settingValue(t.db, ticket.companyId, "sendMsgTransfTicket")) !== "enabled") return;
  await queueAutomatic(t, ticket, [transferNotice(to)]);
}

/** The texts in a transaction of their own, for a decision that has none (a refused call). */
export function sendAutomatic(ctx: Context, ticket: OutgoingTicket, text: string): Promise<void> {
  return ctx.events.transaction((t) => queueAutomatic(t, ticket, [text]));
}
