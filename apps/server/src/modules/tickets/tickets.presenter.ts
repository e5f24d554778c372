/**
 * The ticket as the spec's client reads it (core-platform §3 "Ticket"). One
 * statement hydrates a set of tickets (contact, user, queue, connection and
 * tags in the same row), selecting only the columns the DTO shows, so every
 * endpoint and realtime event carries the same shape. Lists hand their page
 * query in (loadTicketPage); its tickets are hydrated by that same statement.
 */
import type { TicketDto, TicketStatus } from "@balcao/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companyRowsByIds, rowsOf } from "../../db/rows.js";
import { canSee, type Viewer } from "./ticket-visibility.js";

export interface TicketRow {
  id: number;
  uuid: string;
  status: string;
  user_id: number | null;
  user_ref: number | null;
  user_name: string | null;
  queue_id: number | null;
  queue_ref: number | null;
  queue_name: string | null;
  queue_color: string | null;
  whatsapp_id: number | null;
  whatsapp_ref: number | null;
  whatsapp_name: string | null;
  whatsapp_status: string | null;
  contact_id: number;
  contact_name: string;
  contact_number: string;
  contact_username: string | null;
  contact_email: string;
  contact_pic: string;
  contact_is_group: boolean;
  tags: TicketDto["tags"] | null;
  unread_messages: number;
  last_message: string;
  chatbot: boolean;
  is_group: boolean;
  use_integration: boolean;
  prompt_id: number | null;
  integration_id: number | null;
  company_id: number;
  // Both drivers hand timestamps over as text here; parsed as drizzle does for its own selects.
  created_at: string;
  updated_at: string;
}

/** What a TicketDto is made of, for tickets `t` (its joins: ticketJoins). */
export const ticketColumns = sql.raw(`t.id, t.uuid, t.status,
  t.user_id, u.id as user_ref, u.name as user_name,
  t.queue_id, q.id as queue_ref, q.name as queue_name, q.color as queue_color,
  t.whatsapp_id, w.id as whatsapp_ref, w.name as whatsapp_name, w.status as whatsapp_status,
  c.id as contact_id, c.name as contact_name, c.number as contact_number, c.username as contact_username, c.email as contact_email,
  c.profile_pic_url as contact_pic, c.is_group as contact_is_group,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by g.name, g.id)
     from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = t.id) as tags,
  t.unread_messages, t.last_message, t.chatbot, t.is_group, t.use_integration, t.prompt_id, t.integration_id,
  t.company_id, t.created_at, t.updated_at`);

export const ticketJoins = sql.raw(`join contacts c on c.id = t.contact_id
  left join users u on u.id = t.user_id
  left join queues q on q.id = t.queue_id
  left join whatsapps w on w.id = t.whatsapp_id`);

export function ticketDtoOf(r: TicketRow): TicketDto {
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status as TicketStatus,
    userId: r.user_id,
    user: r.user_ref === null ? null : { id: r.user_ref, name: r.user_name! },
    queueId: r.queue_id,
    queue: r.queue_ref === null ? null : { id: r.queue_ref, name: r.queue_name!, color: r.queue_color! },
    whatsappId: r.whatsapp_id,
    whatsapp:
      r.whatsapp_ref === null ? null : { id: r.whatsapp_ref, name: r.whatsapp_name!, status: r.whatsapp_status! },
    contactId: r.contact_id,
    contact: {
      id: r.contact_id,
      name: r.contact_name,
      number: r.contact_number,
      username: r.contact_username,
      email: r.contact_email,
      profilePicUrl: r.contact_pic,
      urlPicture: r.contact_pic,
      isGroup: r.contact_is_group,
    },
    tags: r.tags ?? [],
    unreadMessages: r.unread_messages,
    lastMessage: r.last_message,
    chatbot: r.chatbot,
    isGroup: r.is_group,
    useIntegration: r.use_integration,
    promptId: r.prompt_id,
    integrationId: r.integration_id,
    companyId: r.company_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The tickets of a company by ids (db/rows.ts companyRowsByIds): one statement text for every set of ids. */
const ticketSource = {
  name: "tickets_by_ids",
  columns: ticketColumns,
  table: sql`tickets t`,
  alias: sql`t`,
  joins: ticketJoins,
};

export async function loadTickets(db: Db, companyId: number, ids: number[]): Promise<TicketDto[]> {
  if (ids.length === 0) return [];
  const rows = await companyRowsByIds<TicketRow>(db, ticketSource, companyId, ids);
  return rows.map(ticketDtoOf);
}

export async function loadTicket(db: Db, companyId: number, id: number): Promise<TicketDto | undefined> {
  const [ticket] = await loadTickets(db, companyId, [id]);
  return ticket;
}

/**
 * A list page: `page` selects (id, total) of the page's tickets in list
 * order, already scoped to the viewer; the tickets come back hydrated in
 * that order, with that total. Two statements: the page's own, planned for
 * its filter's values, then the hydration by ids, whose plan the pool's
 * connections keep. Planned at every call within the page's statement, the
 * hydration's joins took most of its planning (EXPLAIN on the bench's
 * database: 1.5–3 ms the whole, 0.1–0.6 ms the page alone). A ticket moved
 * out of the viewer's reach between the two statements is left out: the
 * hydration reads its new row, which the viewer may no longer see.
 */
export async function loadTicketPage(
  db: Db,
  viewer: Viewer,
  page: SQL,
): Promise<{ tickets: TicketDto[]; total: number | null }> {
  const ids = await rowsOf<{ id: number; total: number | string | null }>(db, page);
  if (ids.length === 0) return { tickets: [], total: null };
  const rows = await companyRowsByIds<TicketRow>(
    db,
    ticketSource,
    viewer.companyId,
    ids.map((r) => r.id),
    "reused",
  );
  const visible = rows.filter((r) => canSee(viewer, { userId: r.user_id, queueId: r.queue_id }));
  return { tickets: visible.map(ticketDtoOf), total: Number(ids[0]!.total) };
}
