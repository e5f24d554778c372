import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companies } from "./companies.js";
import { queues } from "./queues.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * A ticket's timeline (issue 11 item 7): created, bot steps, queued,
 * accepted, transferred, closed, rated, with who and when. Recorded in the
 * transaction of the change it describes; the contact drawer shows it and the
 * dashboard counts from it (SERVER-BEHAVIOUR "Metrics").
 */
export const ticketEvents = pgTable(
  "ticket_events",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** created | bot | queued | accepted | transferred | closed | reopened | rated | expired … */
    type: text("type").notNull(),
    /** Who did it: an agent; null for the customer, the bot or a timer. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The ticket's queue after the event. */
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    /** What the timeline shows beside the type (names at the time, the option chosen, the rate). */
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_events_ticket_idx").on(t.ticketId, t.id),
    index("ticket_events_company_type_created_idx").on(t.companyId, t.type, t.createdAt),
  ],
);

/** A customer's rating of the attendant who closed the ticket (1 Insatisfeito, 2 Satisfeito, 3 Muito Satisfeito). */
export const userRatings = pgTable(
  "user_ratings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_ratings_rate_ck", sql`${t.rate} between 1 and 3`),
    index("user_ratings_company_user_idx").on(t.companyId, t.userId, t.createdAt),
    index("user_ratings_ticket_idx").on(t.ticketId),
    // The dashboard's mean rating per attendant over a period: an index-only range scan (migration 0013).
    index("user_ratings_company_created_idx").on(t.companyId, t.createdAt, t.userId, t.rate),
  ],
);
