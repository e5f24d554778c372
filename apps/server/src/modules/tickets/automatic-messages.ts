/**
 * The messages ticket actions send the customer on their own (SERVER-BEHAVIOUR
 * "Tickets and messages"): the accept greeting, the transfer notice and the
 * connection's completion message. Portuguese, as the customers of this
 * family of products read them. A message the provider refuses stays in the
 * conversation as failed (the agent may retry it); the action itself stands.
 */
import type { Context } from "../../context.js";
import { sendTicketMessage } from "../messages/send-message.js";

const prefix = "*Mensagem Automática:*\n";

/** {{name}} and {{firstName}} of the contact; the full variable renderer comes with a later area. */
export function renderContactVariables(text: string, contactName: string): string {
  const firstName = contactName.trim().split(/\s+/)[0] ?? "";
  return text.replace(/\{\{\s*name\s*\}\}/g, contactName).replace(/\{\{\s*firstName\s*\}\}/g, firstName);
}

export function acceptGreeting(contactName: string, attendant: string): string {
  return `${prefix}Olá *${contactName}*, meu nome é *${attendant}* e agora vou prosseguir com seu atendimento!`;
}

export function transferNotice(to: { queue?: string | null; user?: string | null }): string {
  const where = to.user ? `o atendente *${to.user}*` : `o departamento *${to.queue ?? ""}*`;
  return `${prefix}Você foi transferido para ${where}, aguarde que já vamos te atender!`;
}

/** To a caller while the company's `call` setting refuses calls (SERVER-BEHAVIOUR "Calls"). */
export function callsRefusedNotice(): string {
  return `${prefix}As chamadas de voz e vídeo não são aceitas neste número. Por favor, envie uma mensagem de texto.`;
}

/** Sends without an author; a failure is logged and left visible on the message. */
export async function sendAutomatic(ctx: Context, companyId: number, ticketId: number, body: string): Promise<void> {
  if (!body.trim()) return;
  await sendTicketMessage(ctx, companyId, ticketId, { body, userId: null }).catch((err: unknown) =>
    ctx.log.warn({ err, ticketId }, "automatic message not sent"),
  );
}
