/**
 * A ticket's timeline (issue 11 item 7; table ticket_events): each ticket
 * action's domain event is written as a row in the transaction of the action
 * itself (`within` subscribers: a rolled-back action leaves no row), with
 * who did it, the ticket's queue after it and the names at the time in
 * `data`. GET /tickets/{ticketId}/timeline reads it back with the ticket's
 * own visibility (ticket-visibility.ts: 403 outside one's scope, 404 for
 * another company's).
 */
import type { TicketTimelineDto } from "@balcao/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { preparedRows } from "../../db/rows.js";
import { ticketEvents } from "../../db/schema/index.js";
import type { EventBus } from "../../events/bus.js";
import type { DomainEvents } from "../../events/events.js";
import type { AccessClaims } from "../auth/tokens.js";
import { loadViewer, visibleTicketRow } from "./ticket-visibility.js";

/** What the timeline keeps in `data`: names as they were when it happened. */
interface TimelineData {
  by?: string | null;
  queue?: string | null;
  toUser?: string | null;
}

interface Facts {
  companyId: number;
  ticketId: number;
  byUserId: number | null;
}

/** The ticket as the change left it, with the names to keep: one statement on the transaction. */
async function write(tx: Tx, type: string, facts: Facts): Promise<void> {
  // Prepared: it runs with every ticket a customer opens, beside ingest's own statement.
  await preparedRows(
    tx,
    "ticket_timeline_write",
    sql`
    insert into ticket_events (company_id, ticket_id, type, user_id, queue_id, data)
    select t.company_id, t.id, ${type}, b.id, t.queue_id,
      jsonb_build_object('by', b.name, 'queue', q.name, 'toUser', u.name)
    from tickets t
    left join queues q on q.id = t.queue_id
    left join users u on u.id = t.user_id
    left join users b on b.id = ${facts.byUserId}::int and b.company_id = t.company_id
    where t.id = ${facts.ticketId} and t.company_id = ${facts.companyId}`,
  );
}

type TimelineEvent =
  | "ticket.botStarted"
  | "ticket.queued"
  | "ticket.accepted"
  | "ticket.transferred"
  | "ticket.closed"
  | "ticket.reopened";
const types: Record<TimelineEvent, string> = {
  "ticket.botStarted": "bot",
  "ticket.queued": "queued",
  "ticket.accepted": "accepted",
  "ticket.transferred": "transferred",
  "ticket.closed": "closed",
  "ticket.reopened": "reopened",
};

export function subscribeTimeline(events: EventBus): void {
  for (const name of Object.keys(types) as TimelineEvent[]) {
    events.within(name, (tx, payload: DomainEvents[TimelineEvent]) => write(tx, types[name], payload));
  }
  // A ticket a customer's message opened has its row written by ingest's own statement (ingest-store.ts).
  events.within(
    "ticket.created",
    (tx, e) => write(tx, "created", e),
    (e) => !e.byMessage,
  );
  // By the customer: no agent did it.
  events.within("rating.received", (tx, e) => write(tx, "rated", { ...e, byUserId: null }));
}

export async function ticketTimeline(ctx: Context, who: AccessClaims, ticketId: number): Promise<TicketTimelineDto> {
  await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id: ticketId });
  const rows = await ctx.db
    .select()
    .from(ticketEvents)
    .where(and(eq(ticketEvents.ticketId, ticketId), eq(ticketEvents.companyId, who.companyId)))
    .orderBy(asc(ticketEvents.id));
  return {
    events: rows.map((r) => {
      const data = (r.data ?? {}) as TimelineData;
      return {
        id: r.id,
        type: r.type,
        userId: r.userId,
        userName: data.by ?? null,
        queueId: r.queueId,
        queueName: data.queue ?? null,
        toUserName: data.toUser ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}
