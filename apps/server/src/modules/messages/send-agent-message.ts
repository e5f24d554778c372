/**
 * POST /messages/{ticketId} (core-platform §2.11, §5 "Sending messages",
 * §7.5): an agent writes on a ticket they see. Only an open ticket takes
 * their messages (reply and recording are off otherwise): anything else
 * answers ERR_NO_PERMISSION with details.reason "ticketNotOpen". Text comes
 * as JSON; files as multipart `medias` with one `body` per file (the file's
 * name for plain files, the text of a quick message for its media), read
 * only once the ticket is known to take them (http/uploads.ts).
 * Message variables in an agent's text or caption (a quick reply picked in the
 * input is sent as written) are rendered here for the ticket, with the
 * sending agent as {{userName}}: the customer never reads raw `{{…}}`.
 */
import type { MessageDto } from "@balcao/contracts";
import { mediaLimits, quotedMsgSchema } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { renderForTicket } from "../../automation/ticket-variables.js";
import type { Context } from "../../context.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadForm, UploadLimits, UploadedFile } from "../../http/uploads.js";
import type { AccessClaims } from "../auth/tokens.js";
import { loadViewer, visibleTicketRow } from "../tickets/ticket-visibility.js";
import { fileCap, prepareFile, storageKind, type PreparedFile } from "./outbound-media.js";
import { sendTicketMessage } from "./send-message.js";

type TicketRow = typeof tickets.$inferSelect;

async function openTicket(ctx: Context, who: AccessClaims, ticketId: number): Promise<TicketRow> {
  const ticket = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id: ticketId });
  if (ticket.status !== "open") throw new AppError("ERR_NO_PERMISSION", { reason: "ticketNotOpen" });
  return ticket;
}

/** The quoted message must belong to this conversation (the contact's tickets on the connection). */
async function quotedIn(ctx: Context, ticket: TicketRow, quotedId: number | null | undefined) {
  if (!quotedId) return null;
  const [found] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.id, quotedId),
        eq(messages.companyId, ticket.companyId),
        inArray(
          messages.ticketId,
          ctx.db
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.contactId, ticket.contactId))),
        ),
      ),
    );
  if (!found) throw new AppError("ERR_VALIDATION", { field: "quotedMsg" });
  return found.id;
}

export async function sendAgentText(
  ctx: Context,
  who: AccessClaims,
  ticketId: number,
  input: { body: string; quotedMsg?: number | null },
): Promise<MessageDto> {
  const ticket = await openTicket(ctx, who, ticketId);
  const quotedMsgId = await quotedIn(ctx, ticket, input.quotedMsg);
  const body = await renderForTicket(ctx.db, who.companyId, ticket.id, input.body, { userId: who.id });
  return sendTicketMessage(ctx, who.companyId, ticket.id, { body, userId: who.id, quotedMsgId });
}

/** The quoted message as a form field: its id, or the message object as JSON. */
function quotedFormField(value: string): number {
  let parsed: unknown = value;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Not JSON: the schema reads it as a plain id or refuses it.
  }
  const quoted = quotedMsgSchema.safeParse(parsed);
  if (!quoted.success) throw new AppError("ERR_VALIDATION", { field: "quotedMsg" });
  return quoted.data;
}

export interface MessageForm {
  files: UploadedFile[];
  bodies: string[];
  quotedMsg?: number;
  /** The other text fields by name (the external messages API sends `number`). */
  fields: Record<string, string>;
}

/** A message form's files: `medias`, each one within its kind's limit, all of them within the request's. */
export const messageUploads: UploadLimits = {
  fileField: "medias",
  maxFiles: mediaLimits.messageFilesMax,
  maxBytes: mediaLimits.messageRequestMaxBytes,
  fileMaxBytes: fileCap,
};

/** The form's fields read in order: one body per file, the quoted message, the rest by name. */
export function messageFormOf(form: UploadForm): MessageForm {
  const message: MessageForm = { files: form.files, bodies: [], fields: {} };
  for (const { name, value } of form.fields) {
    if (name === "body") message.bodies.push(value);
    else if (name === "quotedMsg") message.quotedMsg = value ? quotedFormField(value) : undefined;
    else message.fields[name] = value;
  }
  return message;
}

/** Every file checked (and a recording converted) before any is kept, so a bad one stores and sends nothing. */
export async function prepareFiles(ctx: Context, form: UploadForm): Promise<PreparedFile[]> {
  if (form.files.length === 0) throw new AppError("ERR_VALIDATION", { field: "medias" });
  const prepared: PreparedFile[] = [];
  for (const file of form.files) prepared.push(await prepareFile(ctx, file, form.derived));
  return prepared;
}

/**
 * Stores and sends each prepared file of the form in order on the ticket; if
 * the provider refuses one, the rest still go and the first refusal is the
 * answer.
 */
export async function sendPreparedFiles(
  ctx: Context,
  companyId: number,
  ticketId: number,
  form: MessageForm,
  prepared: PreparedFile[],
  author: { userId: number | null; quotedMsgId: number | null },
): Promise<MessageDto[]> {
  const sent: MessageDto[] = [];
  let refusal: Error | undefined;
  for (const [i, file] of prepared.entries()) {
    const stored = await ctx.media.keep(companyId, { ...file, filename: file.fileName }, storageKind(file));
    const body = (form.bodies[i] ?? "").trim() || form.files[i]!.filename;
    // A plain file's body is its own name: WhatsApp would show it twice as a caption.
    const caption = file.voiceNote || body === form.files[i]!.filename ? "" : body;
    const media = { ...stored, mediaType: file.mediaType, mimetype: file.mimetype, voiceNote: file.voiceNote };
    try {
      sent.push(await sendTicketMessage(ctx, companyId, ticketId, { body, caption, media, ...author }));
    } catch (err) {
      refusal ??= err instanceof Error ? err : new AppError("ERR_SENDING_WAPP_MSG");
    }
  }
  if (refusal) throw refusal;
  return sent;
}

/** The ticket is checked before the form is read: a refused upload reads no body and stores nothing. */
export async function sendAgentFiles(
  ctx: Context,
  who: AccessClaims,
  ticketId: number,
  upload: Upload,
): Promise<MessageDto[]> {
  const ticket = await openTicket(ctx, who, ticketId);
  return upload(async (form) => {
    const message = messageFormOf(form);
    message.bodies = await Promise.all(
      message.bodies.map((b) => renderForTicket(ctx.db, who.companyId, ticket.id, b, { userId: who.id })),
    );
    const quotedMsgId = await quotedIn(ctx, ticket, message.quotedMsg);
    const prepared = await prepareFiles(ctx, form);
    return sendPreparedFiles(ctx, who.companyId, ticket.id, message, prepared, { userId: who.id, quotedMsgId });
  });
}
