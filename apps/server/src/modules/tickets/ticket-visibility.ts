/**
 * Who sees which ticket (core-platform §2.7, §6; SERVER-BEHAVIOUR "Tickets and
 * messages"). The rule, in one place for lists, single tickets, actions,
 * messages and notes:
 *
 * - An overseer (the tickets-manager:showall permission: admin, supervisor)
 *   sees every ticket of the company.
 * - Anyone else sees a ticket when it is assigned to them, or its queue is one
 *   of their queues, or it has no queue and their allTicket is enabled
 *   ("enabled", or "enable" as the spec's client also compares).
 *
 * Lists narrow that scope further (see tickets.queries.ts): without an
 * honoured showAll only the caller's own tickets and the pending ones are
 * listed, and showAll is honoured for overseers only.
 *
 * A ticket of the company outside the caller's scope answers 403
 * ERR_NO_PERMISSION: the web client shows it as "Access not allowed"
 * (tickets.toasts.unauthorized) and, refreshing only on ERR_INVALID_TOKEN,
 * does not mistake it for an expired session. Another company's ticket answers
 * 404 ERR_NO_TICKET_FOUND, as if it did not exist.
 */
import { can, type ErrorCode } from "@balcao/contracts";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tickets, userQueues, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";

export interface Viewer {
  id: number;
  companyId: number;
  profile: string;
  /** Sees every ticket of the company; showAll is honoured. */
  overseer: boolean;
  queueIds: number[];
  /** Sees tickets without a queue. */
  seesNoQueue: boolean;
}

export function allTicketEnabled(value: string | null | undefined): boolean {
  return value === "enabled" || value === "enable";
}

/**
 * The caller as the visibility rule needs them: their queues and allTicket,
 * read fresh in one query (an overseer needs neither).
 */
export async function loadViewer(db: Db, who: AccessClaims): Promise<Viewer> {
  const base = { id: who.id, companyId: who.companyId, profile: who.profile };
  if (can(who.profile, "tickets-manager:showall")) return { ...base, overseer: true, queueIds: [], seesNoQueue: true };
  const [user] = await db
    .select({
      allTicket: users.allTicket,
      queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues}
        where ${userQueues.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, who.id), eq(users.companyId, who.companyId)));
  return {
    ...base,
    overseer: false,
    queueIds: (user?.queueIds ?? []).map(Number),
    seesNoQueue: allTicketEnabled(user?.allTicket),
  };
}

export function canSee(viewer: Viewer, ticket: { userId: number | null; queueId: number | null }): boolean {
  if (viewer.overseer || ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return viewer.seesNoQueue;
  return viewer.queueIds.includes(ticket.queueId);
}

/** The same rule as SQL, for lists; undefined for overseers (no restriction). */
export function visibleWhere(viewer: Viewer): SQL | undefined {
  if (viewer.overseer) return undefined;
  return or(
    eq(tickets.userId, viewer.id),
    viewer.queueIds.length ? inArray(tickets.queueId, viewer.queueIds) : undefined,
    viewer.seesNoQueue ? isNull(tickets.queueId) : undefined,
  );
}

type TicketRow = typeof tickets.$inferSelect;

/** A company's ticket row as the viewer may have it: 404 when there is none (another company's), 403 outside their scope. */
export function visibleOrRefused(viewer: Viewer, row: TicketRow | undefined): TicketRow {
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSee(viewer, row)) throw new AppError("ERR_NO_PERMISSION");
  return row;
}

/** The company's ticket the viewer may see: 404 for another company's (or none), 403 outside their scope. */
export async function visibleTicketRow(
  db: Db,
  viewer: Viewer,
  where: { id: number } | { uuid: string },
): Promise<TicketRow> {
  const match = "id" in where ? eq(tickets.id, where.id) : eq(tickets.uuid, where.uuid);
  const row = await db.query.tickets.findFirst({ where: and(match, eq(tickets.companyId, viewer.companyId)) });
  return visibleOrRefused(viewer, row);
}

/** Why the viewer may not open a ticket's box (its realtime room), or undefined when they may. */
export async function ticketRefusal(db: Db, viewer: Viewer, id: number): Promise<ErrorCode | undefined> {
  try {
    await visibleTicketRow(db, viewer, { id });
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
