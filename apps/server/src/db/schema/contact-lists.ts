import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/** Named lists of campaign recipients (business-areas §3 "Contact list"). */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last spreadsheet import (null: none yet): running, done or failed, written by the import job. */
    importStatus: text("import_status").$type<"running" | "done" | "failed">(),
    importError: text("import_error"),
    importTotal: integer("import_total").notNull().default(0),
    importImported: integer("import_imported").notNull().default(0),
    importFailed: integer("import_failed").notNull().default(0),
    importFinishedAt: timestamp("import_finished_at", { withTimezone: true }),
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, sql`lower(${t.name})`)],
);

/** A list's recipients; a number appears once per list (digits only, as contacts keep them). */
export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    /** null: not checked against WhatsApp yet (the check-contact-list-numbers job fills it). */
    isWhatsappValid: boolean("is_whatsapp_valid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number_uq").on(t.contactListId, t.number),
    index("contact_list_items_list_name_idx").on(t.contactListId, t.name, t.id),
    // The numbers still to check, in order.
    index("contact_list_items_unchecked_idx")
      .on(t.contactListId, t.id)
      .where(sql`${t.isWhatsappValid} is null`),
  ],
);
