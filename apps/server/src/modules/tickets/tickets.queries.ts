/**
 * Ticket reads, every one scoped by the company. The list picks one page of
 * ids (the tickets_company_* (…, updated_at) indexes serve the usual filters;
 * the search goes through the pg_trgm indexes of contacts and messages as
 * IN sub-selects) and loadTickets hydrates them.
 */
import { contactDigits, ticketCountCap, ticketPageSize, ticketStatuses, type TicketListQuery } from "@balcao/contracts";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, messages, tickets, ticketTags } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";
import { companyMidnight } from "../contacts/contacts.queries.js";
import type { Viewer } from "./ticket-visibility.js";
import { visibleWhere } from "./ticket-visibility.js";

export function findTicketRow(db: Db, companyId: number, id: number) {
  return db.query.tickets.findFirst({ where: and(eq(tickets.id, id), eq(tickets.companyId, companyId)) });
}

/** The contact's active (pending or open) ticket on a connection, if any; `exceptId` leaves one out. */
export function activeTicketOf(db: Db, contactId: number, whatsappId: number | null, exceptId?: number) {
  return db.query.tickets.findFirst({
    where: and(
      eq(tickets.contactId, contactId),
      whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, whatsappId),
      ne(tickets.status, "closed"),
      exceptId === undefined ? undefined : ne(tickets.id, exceptId),
    ),
  });
}

/**
 * Name (the lower(name) trigram index), number by its digits, or any message
 * text (the body trigram index). The matching tickets are gathered first as
 * one id set (contacts' tickets through tickets_contact_idx, messages'
 * tickets straight from the body index), so the list query only sorts that
 * set instead of testing every ticket of the company.
 */
function searchWhere(companyId: number, searchParam: string): SQL | undefined {
  const search = searchParam.trim().toLowerCase();
  if (!search) return undefined;
  const pattern = containsPattern(search);
  // Numbers are stored as digits: a search that looks like a phone number matches by its digits.
  const digits = /^[\d\s()+.-]+$/.test(search) ? contactDigits(search) : "";
  const numberMatch = digits ? sql` or ${contacts.number} like ${containsPattern(digits)}` : sql``;
  return inArray(
    tickets.id,
    sql`(select t.id from ${tickets} t where t.company_id = ${companyId} and t.contact_id in (
           select ${contacts.id} from ${contacts}
           where ${contacts.companyId} = ${companyId} and (lower(${contacts.name}) like ${pattern}${numberMatch}))
         union
         select ${messages.ticketId} from ${messages}
         where ${messages.companyId} = ${companyId} and ${messages.body} ilike ${pattern})`,
  );
}

/**
 * The queueIds filter: the chosen queues (for non-overseers only those among
 * their own), tickets without a queue for whoever sees those, and always the
 * caller's own tickets, so an agent's work never drops out of their list.
 */
function queueFilter(viewer: Viewer, queueIds: number[] | undefined): SQL | undefined {
  if (!queueIds) return undefined;
  const allowed = viewer.overseer ? queueIds : queueIds.filter((q) => viewer.queueIds.includes(q));
  return or(
    eq(tickets.userId, viewer.id),
    allowed.length ? inArray(tickets.queueId, allowed) : undefined,
    viewer.seesNoQueue ? isNull(tickets.queueId) : undefined,
  );
}

/** Tickets carrying every chosen tag. */
function tagsFilter(tagIds: number[] | undefined): SQL | undefined {
  if (!tagIds?.length) return undefined;
  return inArray(
    tickets.id,
    sql`(select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, tagIds)}
         group by ${ticketTags.ticketId} having count(*) = ${tagIds.length})`,
  );
}

function onDay(companyId: number, column: typeof tickets.createdAt | typeof tickets.updatedAt, day?: string) {
  if (!day) return undefined;
  return and(
    sql`${column} >= ${companyMidnight(companyId, day)}`,
    sql`${column} < ${companyMidnight(companyId, day, 1)}`,
  );
}

export function ticketListWhere(viewer: Viewer, q: TicketListQuery): SQL {
  const companyId = viewer.companyId;
  // Without an honoured showAll, a list holds the caller's own tickets and the waiting ones.
  const showAll = q.showAll === "true" && viewer.overseer;
  return and(
    eq(tickets.companyId, companyId),
    visibleWhere(viewer),
    showAll ? undefined : or(eq(tickets.userId, viewer.id), eq(tickets.status, "pending")),
    // Every status spelled out when none is chosen, so tickets_company_status_updated_idx still serves updatedAt ranges.
    q.status ? eq(tickets.status, q.status) : inArray(tickets.status, [...ticketStatuses]),
    queueFilter(viewer, q.queueIds),
    q.users?.length ? inArray(tickets.userId, q.users) : undefined,
    tagsFilter(q.tags),
    q.withUnreadMessages === "true" ? gt(tickets.unreadMessages, 0) : undefined,
    onDay(companyId, tickets.createdAt, q.date),
    // A ticket is updated no earlier than it was created: this bound lets the updated_at index narrow a creation day.
    q.date ? sql`${tickets.updatedAt} >= ${companyMidnight(companyId, q.date)}` : undefined,
    onDay(companyId, tickets.updatedAt, q.updatedAt),
    searchWhere(companyId, q.searchParam),
  )!;
}

/**
 * One page of ticket ids, most recently updated first (ties: newest id first),
 * with the (capped) total, in one statement so a search runs once: the
 * matches are taken in order up to the cap (or past the page asked for), the
 * window count reads how many there were, and the page is cut from them.
 */
export async function pageOfTicketIds(db: Db, viewer: Viewer, q: TicketListQuery) {
  const offset = (q.pageNumber - 1) * ticketPageSize;
  const matches = db
    .select({ id: tickets.id, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(ticketListWhere(viewer, q))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(Math.max(ticketCountCap, offset + ticketPageSize + 1))
    .as("matches");
  const rows = await db
    .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(desc(matches.updatedAt), desc(matches.id))
    .limit(ticketPageSize + 1)
    .offset(offset);
  return {
    ids: rows.slice(0, ticketPageSize).map((r) => r.id),
    hasMore: rows.length > ticketPageSize,
    count: Math.min(rows[0]?.total ?? 0, ticketCountCap),
  };
}
