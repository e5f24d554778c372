import { integer, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";

/**
 * How many tickets each company has per status, queue and attendant, kept by
 * statement triggers on tickets (migration 0034) at the end of every statement
 * that inserts, deletes or moves tickets between those, so it never drifts: a list's count of
 * matches (tickets.queries.ts) sums these rows instead of counting up to
 * ticketCountCap index entries per request. Only those three columns (and the
 * company) are kept, so only filters on them can be counted here.
 *
 * Each group is spread over a few slots, picked by the writing connection, so
 * concurrent transactions creating tickets in the same group (new ones:
 * pending, no attendant) do not queue behind one row lock until commit; a
 * slot's `n` may go below zero (a ticket leaves through another slot than it
 * came in), the group's sum is what is right. No foreign key to companies:
 * deleting a company deletes its tickets, whose triggers still write here.
 */
export const ticketCounts = pgTable(
  "ticket_counts",
  {
    companyId: integer("company_id").notNull(),
    status: text("status").notNull(),
    queueId: integer("queue_id"),
    userId: integer("user_id"),
    slot: smallint("slot").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [unique("ticket_counts_group_uq").on(t.companyId, t.status, t.queueId, t.userId, t.slot).nullsNotDistinct()],
);
