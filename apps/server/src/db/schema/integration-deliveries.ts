import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { queueIntegrations } from "./integrations.js";

/**
 * A webhook delivery of an n8n or webhook integration (issue 17 item 6):
 * the exact body POSTed (signed as is on every attempt), stored in the
 * transaction of the customer message it tells about, with its durable
 * job. `id` is the deliveryId (X-Balcao-Delivery). `ticketId`/`messageId`
 * name what it carries (no foreign keys: the log outlives a deleted
 * ticket; the media link reads the message while it exists).
 */
export const integrationDeliveries = pgTable(
  "integration_deliveries",
  {
    id: uuid("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => queueIntegrations.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id"),
    messageId: integer("message_id"),
    event: text("event").notNull(),
    body: text("body").notNull(),
    /** pending | delivered | failed (contracts integrationDeliveryStatuses). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the next attempt is due while pending (its job's startAfter). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [index("integration_deliveries_log_idx").on(t.integrationId, t.createdAt.desc())],
);
