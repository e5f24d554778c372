/**
 * The messages ticket actions send the customer on their own (SERVER-BEHAVIOUR
 * "Tickets and messages"): the accept greeting, the transfer notice, the
 * connection's completion message and the calls-refused notice. Portuguese,
 * as the customers of this family of products read them, written with message
 * variables and rendered for the ticket (automation/ticket-variables.ts) when
 * sent, like every automatic text. A message the provider refuses stays in
 * the conversation as failed (the agent may retry it); the action itself stands.
 */
import type { Context } from "../../context.js";
import { renderForTicket } from "../../automation/ticket-variables.js";
import { sendTicketMessage } from "../messages/send-message.js";

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
 * Renders `text` for the ticket and sends it without an author; a failure is
 * logged and left visible on the message. `userId` names {{userName}} when it
 * is not the ticket's attendant.
 */
export async function sendAutomatic(
  ctx: Context,
  companyId: number,
  ticketId: number,
  text: string,
  options: { userId?: number | null } = {},
): Promise<void> {
  if (!text.trim()) return;
  const body = await renderForTicket(ctx.db, companyId, ticketId, text, options);
  await sendTicketMessage(ctx, companyId, ticketId, { body, userId: null }).catch((err: unknown) =>
    ctx.log.warn({ err, ticketId }, "automatic message not sent"),
  );
}
