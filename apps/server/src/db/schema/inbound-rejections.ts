import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { whatsapps } from "./whatsapps.js";

/**
 * An inbound item (a webhook change, message or status) the server could not
 * read, kept whole with the reason so no customer message is lost without a
 * trace; the rest of its delivery is stored. Platform-level: only super users
 * list them. A repeated delivery keeps an item once (its fingerprint).
 */
export const inboundRejections = pgTable(
  "inbound_rejections",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    item: jsonb("item").notNull(),
    /** sha256 of the item's JSON: the same item delivered again is not kept twice. */
    fingerprint: text("fingerprint").notNull(),
    reason: text("reason").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("inbound_rejections_whatsapp_fingerprint_uq").on(t.whatsappId, t.fingerprint),
    index("inbound_rejections_received_idx").on(t.receivedAt, t.id),
  ],
);
