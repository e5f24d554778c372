import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { whatsapps } from "./whatsapps.js";

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only; unique per company; "" for a customer known only by a user id. */
    number: text("number").notNull(),
    /** WhatsApp's user id: the Cloud API's business-scoped id (BSUID) or WhatsApp Web's LID; unique per company. */
    userId: text("user_id"),
    /** The Cloud API's parent business-scoped id, when the business has one. */
    parentUserId: text("parent_user_id"),
    /** The customer's WhatsApp username, without "@". */
    username: text("username"),
    email: text("email").notNull().default(""),
    profilePicUrl: text("profile_pic_url").notNull().default(""),
    isGroup: boolean("is_group").notNull().default(false),
    /** The connection the contact came from. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_company_number_uq")
      .on(t.companyId, t.number)
      .where(sql`${t.number} <> ''`),
    uniqueIndex("contacts_company_user_id_uq")
      .on(t.companyId, t.userId)
      .where(sql`${t.userId} is not null`),
    index("contacts_company_name_idx").on(t.companyId, sql`lower(${t.name})`),
    index("contacts_company_created_idx").on(t.companyId, t.createdAt),
    // The ticket search matches names and numbers anywhere (pg_trgm).
    index("contacts_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("contacts_number_trgm_idx").using("gin", sql`${t.number} gin_trgm_ops`),
    // Contact and ticket searches find a customer known by username only (issue 19).
    index("contacts_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
  ],
);

/** The predicate of contacts_company_number_uq, which an insert's ON CONFLICT names to use that index. */
export const hasNumber = sql`number <> ''`;

/**
 * How WhatsApp addresses a contact in a group (a quote's author, a read
 * receipt's participant): its number, else its LID ("<digits>@lid").
 */
export const memberAddress = sql<string | null>`coalesce(nullif(${contacts.number}, ''), ${contacts.userId})`;

export const contactCustomFields = pgTable(
  "contact_custom_fields",
  {
    id: serial("id").primaryKey(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
  },
  (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)],
);
