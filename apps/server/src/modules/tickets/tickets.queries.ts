/**
 * Ticket reads, every one scoped by the company. A list page is two statements
 * (the page's ids, then their hydration: tickets.presenter.ts loadTicketPage),
 * ordered by tickets_company_status_updated_idx / tickets_company_updated_idx
 * (company, [status,] updated_at desc, id desc) so a page reads 41 entries of
 * an index instead of sorting the company's tickets.
 *
 * - Filters alone (the tabs): the page, and the count of matches up to
 *   ticketCountCap beside it: for status, queue and attendant filters the sum
 *   of the groups ticket_counts keeps (db/schema/ticket-counts.ts), for the
 *   others counted.
 * - Tags and text search (the Search tab): the count stops at the page's end
 *   (TicketListResponse.count); tags are one semi-join each, which the planner
 *   runs either way round from ticket_tags' statistics; the text search takes
 *   the way ticket-search.ts picks, walking newest first or gathering matches.
 */
import { ticketCountCap, ticketPageSize, type TicketListQuery, type TicketListResponse } from "@balcao/contracts";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { ticketCounts, tickets } from "../../db/schema/index.js";
import { companyMidnight } from "../contacts/contacts.queries.js";
import { loadTicketPage } from "./tickets.presenter.js";
import { matchingTicketIds, planSearch, walkTest, type SearchPlan } from "./ticket-search.js";
import { searchStats } from "./search-stats.js";
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

/** Tickets carrying every chosen tag: one semi-join per tag. */
function tagsFilter(tagIds: number[] | undefined): SQL | undefined {
  if (!tagIds?.length) return undefined;
  return and(
    ...tagIds.map((tagId) => sql`${tickets.id} in (select ticket_id from ticket_tags where tag_id = ${tagId})`),
  );
}

function onDay(companyId: number, column: typeof tickets.createdAt | typeof tickets.updatedAt, day?: string) {
  if (!day) return undefined;
  return and(
    sql`${column} >= ${companyMidnight(companyId, day)}`,
    sql`${column} < ${companyMidnight(companyId, day, 1)}`,
  );
}

/**
 * The conditions on what ticket_counts keeps (the company, status, queue and
 * attendant): a list filtered only by these counts its matches there.
 */
function keptWhere(viewer: Viewer, q: TicketListQuery): SQL {
  // Without an honoured showAll, a list holds the caller's own tickets and the waiting ones.
  const showAll = q.showAll === "true" && viewer.overseer;
  return and(
    eq(tickets.companyId, viewer.companyId),
    visibleWhere(viewer),
    showAll ? undefined : or(eq(tickets.userId, viewer.id), eq(tickets.status, "pending")),
    q.status ? eq(tickets.status, q.status) : undefined,
    queueFilter(viewer, q.queueIds),
    q.users?.length ? inArray(tickets.userId, q.users) : undefined,
  )!;
}

/** The other conditions (none when the list's count can be read from ticket_counts). */
function otherWhere(companyId: number, q: TicketListQuery): SQL | undefined {
  return and(
    tagsFilter(q.tags),
    q.withUnreadMessages === "true" ? gt(tickets.unreadMessages, 0) : undefined,
    onDay(companyId, tickets.createdAt, q.date),
    // A ticket is updated no earlier than it was created: this bound lets the updated_at index narrow a creation day.
    q.date ? sql`${tickets.updatedAt} >= ${companyMidnight(companyId, q.date)}` : undefined,
    onDay(companyId, tickets.updatedAt, q.updatedAt),
  );
}

/** Every condition of a list but the text search. */
export function ticketListWhere(viewer: Viewer, q: TicketListQuery): SQL {
  return and(keptWhere(viewer, q), otherWhere(viewer.companyId, q))!;
}

/** List order: most recently updated first, newest id first on ties. */
const listOrder = sql.join([desc(tickets.updatedAt), desc(tickets.id)], sql`, `);
/** A page and one more row, for hasMore. */
const pageRows = ticketPageSize + 1;

/**
 * How many tickets match, up to the cap. Filtered only on what ticket_counts
 * keeps, the sum of its groups' rows (`kept`: those conditions); otherwise
 * counted once beside the page (an index-only scan for the tabs' filters).
 */
function matchCount(where: SQL, kept: SQL | undefined): SQL {
  // ticket_counts goes by the name "tickets" here, so conditions written on tickets' columns (kept ones only) read it.
  if (kept) return sql`(select coalesce(sum(n), 0) from ${ticketCounts} as "tickets" where ${kept})`;
  return sql`(select count(*) from (select 1 from ${tickets} where ${where} limit ${ticketCountCap}) matches)`;
}

/** The page (and one more row, for hasMore) with the count of matches beside it (matchCount). */
function countedPage(where: SQL, kept: SQL | undefined, offset: number): SQL {
  return sql`select ${tickets.id} as id, ${matchCount(where, kept)} as total
    from ${tickets} where ${where}
    order by ${listOrder} limit ${pageRows} offset ${offset}`;
}

/** The page, sorted: what the planner picks for tags (from ticket_tags' statistics) or gathered matches. */
function sortedPage(where: SQL, offset: number): SQL {
  return sql`select ${tickets.id} as id, null as total from ${tickets} where ${where}
    order by ${listOrder} limit ${pageRows} offset ${offset}`;
}

/** Tickets walked newest first before the walk gives up on a text that turned out rare for this company. */
export const walkedTickets = 10_000;

/**
 * The newest `walkedTickets` tickets of the list, each tested in order until
 * the page is full; for a text the indexes cannot look up, the whole list.
 */
function walkedPage(companyId: number, where: SQL, search: SearchPlan, offset: number): SQL {
  if (search.unindexed) return sortedPage(sql`${where} and ${walkTest(companyId, search, tickets)}`, offset);
  return sql`select c.id, null as total from (
      select ${tickets.id} as id, ${tickets.contactId} as contact_id, ${tickets.updatedAt} as updated_at
      from ${tickets} where ${where}
      order by ${listOrder} limit ${walkedTickets}
    ) c
    where ${walkTest(companyId, search, sql`c`)}
    order by c.updated_at desc, c.id desc limit ${pageRows} offset ${offset}`;
}

/**
 * The walk when the text is common; gathering when it is rare, or when the
 * walk stopped short of the page (a full page answers; a short one may only
 * mean the walk stopped before older matches, unless it went all the way).
 */
export async function searchPage(db: Db, viewer: Viewer, where: SQL, search: SearchPlan, offset: number) {
  const companyId = viewer.companyId;
  if (search.walk) {
    const rows = (await loadTicketPage(db, viewer, walkedPage(companyId, where, search, offset))).tickets;
    if (rows.length === pageRows || search.unindexed) return rows;
  }
  const gathered = sql`${where} and ${tickets.id} in (${matchingTicketIds(companyId, search)})`;
  return (await loadTicketPage(db, viewer, sortedPage(gathered, offset))).tickets;
}

/** A page of a tag or text search: counted up to its own end (TicketListResponse.count). */
function selectivePage(rows: TicketListResponse["tickets"], offset: number): TicketListResponse {
  return {
    tickets: rows.slice(0, ticketPageSize),
    hasMore: rows.length > ticketPageSize,
    count: rows.length ? Math.min(offset + rows.length, ticketCountCap) : 0,
  };
}

/** One page of a ticket list, most recently updated first (ties: newest id first), hydrated. */
export async function pageOfTickets(db: Db, viewer: Viewer, q: TicketListQuery): Promise<TicketListResponse> {
  const offset = (q.pageNumber - 1) * ticketPageSize;
  const where = ticketListWhere(viewer, q);
  const search = q.searchParam.trim() ? planSearch(await searchStats(db), q.searchParam) : undefined;
  if (!search) {
    if (q.tags?.length) {
      return selectivePage((await loadTicketPage(db, viewer, sortedPage(where, offset))).tickets, offset);
    }
    const kept = otherWhere(viewer.companyId, q) ? undefined : keptWhere(viewer, q);
    const { tickets: rows, total } = await loadTicketPage(db, viewer, countedPage(where, kept, offset));
    return {
      tickets: rows.slice(0, ticketPageSize),
      hasMore: rows.length > ticketPageSize,
      count: Math.min(total ?? 0, ticketCountCap),
    };
  }
  return selectivePage(await searchPage(db, viewer, where, search, offset), offset);
}
