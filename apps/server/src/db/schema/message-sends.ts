import { index, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { messages } from "./messages.js";

/**
 * The outbox of automatic messages (modules/messages/send-sweep.ts): a row per
 * stored message that goes to the customer on its own, written in the
 * transaction that stored it and deleted with its outcome, so a crash at any
 * moment leaves it for the sweep after the restart. `notBefore`: when it is
 * due (an integration's delayed reply; a connection not running yet tried
 * again; while being sent, the end of the sender's lease).
 */
export const messageSends = pgTable(
  "message_sends",
  {
    messageId: integer("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    ticketId: integer("ticket_id").notNull(),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_sends_ticket_idx").on(t.ticketId, t.messageId)],
);
