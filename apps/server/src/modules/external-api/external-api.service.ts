/**
 * Sending through the external messages API (business-areas §2.18, §7;
 * SERVER-BEHAVIOUR "External messages API"). The connection named by the
 * token sends, for its own company only:
 *  1. the company must be active and within its subscription, as at login
 *     (ERR_COMPANY_INACTIVE, ERR_SUBSCRIPTION_EXPIRED), and its plan must
 *     have useExternalApi (the spec gates only the page; a company without
 *     the feature must not reach it by calling the endpoint either):
 *     ERR_NO_PERMISSION otherwise;
 *  2. the connection must be running: ERR_WAPP_NOT_INITIALIZED;
 *  3. the number must be on WhatsApp (ERR_WAPP_INVALID_CONTACT,
 *     ERR_WAPP_CHECK_CONTACT); files are checked before anything is stored;
 *  4. the contact and its active ticket are found or made, and the message
 *     goes through the agents' send path (stored, announced, sent; userId
 *     null like the automatic messages). A form with several files sends
 *     them all in order; messageId is the first one's.
 */
import type { ExternalMessage, ExternalSendResult, MessageDto } from "@balcao/contracts";
import type { ChannelSender } from "../../channels/driver.js";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { isExpired } from "../companies/subscription.js";
import { checkWhatsappNumber } from "../contacts/check-number.js";
import { sendTicketMessage } from "../messages/send-message.js";
import type { UploadForm } from "../../http/uploads.js";
import { prepareFiles, sendPreparedFiles, type MessageForm } from "../messages/send-agent-message.js";
import { assertPlanAllows } from "../plans/plan-gate.js";
import type { ApiConnection } from "./api-token.js";
import { openConversation } from "./open-conversation.js";

/** A text ({number, body}) or the files of a multipart form (with its number), read as a message form. */
export type ExternalSend =
  { kind: "text"; message: ExternalMessage } | { kind: "files"; number: string; form: MessageForm; upload: UploadForm };

function answer(ticketId: number, sent: MessageDto[]): ExternalSendResult {
  return { status: "SUCCESS", messageId: sent[0]!.id, ticketId };
}

/** What refuses a caller before its body is read (a file may be large): the company, its plan, a stopped connection. */
export async function senderOf(ctx: Context, connection: ApiConnection): Promise<ChannelSender> {
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, connection.companyId) });
  if (!company || !company.status) throw new AppError("ERR_COMPANY_INACTIVE");
  if (isExpired(company)) throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: company.dueDate });
  await assertPlanAllows(ctx.db, connection.companyId, "useExternalApi");
  return ctx.channels.driverFor(connection.id);
}

export async function sendExternalMessage(
  ctx: Context,
  connection: ApiConnection,
  driver: ChannelSender,
  input: ExternalSend,
): Promise<ExternalSendResult> {
  const number = input.kind === "text" ? input.message.number : input.number;
  const prepared = input.kind === "files" ? await prepareFiles(ctx, input.upload) : [];
  const known = await checkWhatsappNumber(ctx, driver, number);
  const ticketId = await openConversation(ctx, connection, number, known);
  const author = { userId: null, quotedMsgId: null };
  if (input.kind === "text") {
    const sent = await sendTicketMessage(ctx, connection.companyId, ticketId, { body: input.message.body, ...author });
    return answer(ticketId, [sent]);
  }
  return answer(ticketId, await sendPreparedFiles(ctx, connection.companyId, ticketId, input.form, prepared, author));
}
