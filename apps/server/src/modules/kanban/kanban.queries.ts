/**
 * The board's cards (business-areas §2.6, §6): the tickets list's own
 * conditions (tickets.queries.ts ticketListWhere: the company, the caller's
 * visibility, showAll honoured for overseers only, their queues), narrowed to
 * the active tickets. Each is on a lane: a kanban tag's, or 'open' when it
 * carries none (no tags, or only tags that are not lanes: issue 30 item 11,
 * a tagged ticket must not vanish from the board).
 */
import { kanbanLimits, kanbanStatuses, type KanbanQuery, type KanbanResponse } from "@balcao/contracts";
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import type { Viewer } from "../tickets/ticket-visibility.js";
import { loadTicketPage } from "../tickets/tickets.presenter.js";
import { ticketListWhere } from "../tickets/tickets.queries.js";

/**
 * The board of an overseer who asks for showAll is the whole company's: the
 * queueIds the spec's client always sends narrow only the others' boards.
 */
function boardWhere(viewer: Viewer, q: KanbanQuery) {
  const wholeCompany = q.showAll === "true" && viewer.overseer;
  const listed = ticketListWhere(viewer, {
    searchParam: "",
    pageNumber: 1,
    showAll: q.showAll,
    queueIds: wholeCompany ? undefined : q.queueIds,
  });
  return and(listed, inArray(tickets.status, kanbanStatuses))!;
}

/** The most recently updated cards first, at most kanbanLimits.cardsMax, hydrated (loadTicketPage). */
export async function boardTickets(db: Db, viewer: Viewer, q: KanbanQuery): Promise<KanbanResponse> {
  const max = kanbanLimits.cardsMax;
  const page = sql`select ${tickets.id} as id, null as total from ${tickets} where ${boardWhere(viewer, q)}
    order by ${tickets.updatedAt} desc, ${tickets.id} desc limit ${max + 1}`;
  const { tickets: rows } = await loadTicketPage(db, viewer, page);
  return { tickets: rows.slice(0, max), hasMore: rows.length > max };
}
