import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * business-areas §3 "Schedule": a message to a contact sent at sendAt by the
 * send-schedule job. status PENDENTE → ENVIADA (sentAt) or ERRO (errorMessage).
 * messageId: the outgoing message the job stored (once; its send is attempted once).
 */
export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    status: text("status", { enum: ["PENDENTE", "ENVIADA", "ERRO"] })
      .notNull()
      .default("PENDENTE"),
    errorMessage: text("error_message"),
    messageId: integer("message_id"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("schedules_company_send_at_idx").on(t.companyId, t.sendAt)],
);
