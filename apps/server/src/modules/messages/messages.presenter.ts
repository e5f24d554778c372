/**
 * The message as the spec's client reads it (core-platform §3 "Message"),
 * hydrated for a set of ids in one statement, quoted message and sender
 * included, selecting only the columns the DTO shows. The conversation page
 * (messages.queries.ts) selects the same columns in its own statement.
 */
import type { Ack, ConnectionProvider, MediaType, MessageDetails, MessageDto, TicketDto } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companyRowsByIds } from "../../db/rows.js";
import { ticketColumns, ticketDtoOf, ticketJoins, type TicketRow } from "../tickets/tickets.presenter.js";

/** Media is served to the company's signed-in users under {host}/public/ (DESIGN §4). */
export function mediaUrlOf(mediaPath: string | null): string | null {
  return mediaPath ? `/api/public/${mediaPath}` : null;
}

export interface MessageRow {
  id: number;
  wid: string | null;
  ticket_id: number;
  contact_id: number | null;
  user_id: number | null;
  from_me: boolean;
  body: string;
  read: boolean;
  ack: number;
  media_type: string;
  media_path: string | null;
  media_name: string | null;
  is_deleted: boolean;
  is_edited: boolean;
  send_error: string | null;
  details: MessageDetails | null;
  transcription: string | null;
  company_id: number;
  // Both drivers hand timestamps over as text here; parsed as drizzle does for its own selects.
  created_at: string;
  updated_at: string;
  sender_id: number | null;
  sender_name: string | null;
  sender_number: string | null;
  sender_pic: string | null;
  ticket_uuid: string;
  whatsapp_name: string | null;
  whatsapp_provider: string | null;
  quoted_id: number | null;
  quoted_from_me: boolean | null;
  quoted_body: string | null;
  quoted_media_type: string | null;
  quoted_media_path: string | null;
  quoted_contact_name: string | null;
}

/** What a MessageDto is made of, for messages `m` (its joins: messageJoins). */
export const messageColumns = sql.raw(`m.id, m.wid, m.ticket_id, m.contact_id, m.user_id, m.from_me, m.body,
  m.read, m.ack, m.media_type, m.media_path, m.media_name, m.is_deleted, m.is_edited, m.send_error, m.details, m.transcription,
  m.company_id,
  m.created_at, m.updated_at,
  mc.id as sender_id, mc.name as sender_name, mc.number as sender_number, mc.profile_pic_url as sender_pic,
  mt.uuid as ticket_uuid, mw.name as whatsapp_name, mw.provider as whatsapp_provider,
  q.id as quoted_id, q.from_me as quoted_from_me, q.body as quoted_body, q.media_type as quoted_media_type,
  q.media_path as quoted_media_path, qc.name as quoted_contact_name`);

export const messageJoins = sql.raw(`join tickets mt on mt.id = m.ticket_id
  left join contacts mc on mc.id = m.contact_id
  left join whatsapps mw on mw.id = mt.whatsapp_id
  left join messages q on q.id = m.quoted_msg_id
  left join contacts qc on qc.id = q.contact_id`);

export function messageDtoOf(r: MessageRow): MessageDto {
  return {
    id: r.id,
    wid: r.wid,
    ticketId: r.ticket_id,
    contactId: r.contact_id,
    userId: r.user_id,
    fromMe: r.from_me,
    body: r.body,
    read: r.read,
    ack: r.ack as Ack,
    mediaType: r.media_type as MediaType,
    mediaUrl: mediaUrlOf(r.media_path),
    mediaName: r.media_name,
    isDeleted: r.is_deleted,
    isEdited: r.is_edited,
    sendError: r.send_error,
    details: r.details,
    transcription: r.transcription,
    quotedMsg:
      r.quoted_id === null
        ? null
        : {
            id: r.quoted_id,
            fromMe: r.quoted_from_me!,
            body: r.quoted_body!,
            mediaType: r.quoted_media_type as MediaType,
            mediaUrl: mediaUrlOf(r.quoted_media_path),
            contact: r.quoted_contact_name !== null ? { name: r.quoted_contact_name } : null,
          },
    contact:
      r.sender_id === null
        ? null
        : { id: r.sender_id, name: r.sender_name!, number: r.sender_number!, profilePicUrl: r.sender_pic! },
    ticket: {
      id: r.ticket_id,
      uuid: r.ticket_uuid,
      whatsapp:
        r.whatsapp_name !== null
          ? { name: r.whatsapp_name, provider: r.whatsapp_provider as ConnectionProvider }
          : null,
    },
    companyId: r.company_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The messages of a company by ids (db/rows.ts companyRowsByIds), described once as tickets' are. */
const messageSource = {
  name: "messages_by_ids",
  columns: messageColumns,
  table: sql`messages m`,
  alias: sql`m`,
  joins: messageJoins,
};

export async function loadMessages(db: Db, companyId: number, ids: number[]): Promise<MessageDto[]> {
  if (ids.length === 0) return [];
  const rows = await companyRowsByIds<MessageRow>(db, messageSource, companyId, ids);
  return rows.map(messageDtoOf);
}

/**
 * Messages with their tickets as they now are (what a realtime event carries), in one statement: the ticket
 * rides in its message's row as JSON (the same columns as loadTickets; its timestamps ISO text, which
 * ticketDtoOf parses as it does the driver's). Announcing a burst's batch took a round trip for each.
 */
export async function loadMessagesWithTickets(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<{ message: MessageDto; ticket: TicketDto }[]> {
  if (ids.length === 0) return [];
  const source = {
    name: "messages_with_tickets_by_ids",
    columns: sql`${messageColumns},
      (select row_to_json(tk) from (select ${ticketColumns} from tickets t ${ticketJoins} where t.id = m.ticket_id) tk)
        as ticket_row`,
    table: sql`messages m`,
    alias: sql`m`,
    joins: messageJoins,
  };
  const rows = await companyRowsByIds<MessageRow & { ticket_row: TicketRow }>(db, source, companyId, ids);
  return rows.map((r) => ({ message: messageDtoOf(r), ticket: ticketDtoOf(r.ticket_row) }));
}

export async function loadMessage(db: Db, companyId: number, id: number): Promise<MessageDto | undefined> {
  const [message] = await loadMessages(db, companyId, [id]);
  return message;
}
