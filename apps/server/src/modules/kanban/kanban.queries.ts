/**
 * The board's cards (business-areas §2.6, §6): the tickets list's own
 * conditions (tickets.queries.ts ticketListWhere: the company, the caller's
 * visibility, showAll honoured for overseers only, their queues), narrowed to
 * the active tickets a lane holds: those without tags ('open') and those
 * carrying a kanban tag. A ticket with only other tags is on no lane.
 */
import { kanbanLimits, kanbanStatuses, type KanbanQuery, type KanbanResponse } from "@balcao/contracts";
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tags, tickets, ticketTags } from "../../db/schema/index.js";
import type { Viewer } from "../tickets/ticket-visibility.js";
import { loadTicketPage } from "../tickets/tickets.presenter.js";
import { ticketListWhere } from "../tickets/tickets.queries.js";

const onALane = sql`(
  not exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id})
  or exists (select 1 from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
    where ${ticketTags.ticketId} = ${tickets.id} and ${tags.kanban} = 1))`;

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
  return and(listed, inArray(tickets.status, kanbanStatuses), onALane)!;
}

/** The most recently updated cards first, at most kanbanLimits.cardsMax, hydrated in the same statement. */
export async function boardTickets(db: Db, viewer: Viewer, q: KanbanQuery): Promise<KanbanResponse> {
  const max = kanbanLimits.cardsMax;
  const page = sql`select ${tickets.id} as id, null as total from ${tickets} where ${boardWhere(viewer, q)}
    order by ${tickets.updatedAt} desc, ${tickets.id} desc limit ${max + 1}`;
  const { tickets: rows } = await loadTicketPage(db, page);
  return { tickets: rows.slice(0, max), hasMore: rows.length > max };
}
