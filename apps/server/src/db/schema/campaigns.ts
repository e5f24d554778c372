import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { campaignStatuses, shippingStatuses } from "@balcao/contracts";
import { companies } from "./companies.js";
import { contactLists } from "./contact-lists.js";
import { contacts } from "./contacts.js";
import { fileLists } from "./files.js";
import { tags } from "./tags.js";
import { whatsapps } from "./whatsapps.js";

/**
 * business-areas §3 "Campaign". sentCount and lastSendAt are the pace's
 * state (SERVER-BEHAVIOUR "Campaigns"): recipients handed to WhatsApp since
 * the campaign started and when the last one was, so a run after a restart
 * keeps the interval and the every-N longer interval where they were.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message1: text("message1"),
    message2: text("message2"),
    message3: text("message3"),
    message4: text("message4"),
    message5: text("message5"),
    confirmationMessage1: text("confirmation_message1"),
    confirmationMessage2: text("confirmation_message2"),
    confirmationMessage3: text("confirmation_message3"),
    confirmationMessage4: text("confirmation_message4"),
    confirmationMessage5: text("confirmation_message5"),
    confirmation: boolean("confirmation").notNull().default(false),
    status: text("status", { enum: campaignStatuses }).notNull().default("INATIVA"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    tagId: integer("tag_id").references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer("file_list_id").references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    sentCount: integer("sent_count").notNull().default(0),
    lastSendAt: timestamp("last_send_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaigns_company_idx").on(t.companyId, t.id)],
);

/**
 * One row per recipient (unique per campaign and number) with the message
 * rendered for them. A row is claimed (status sending) in its own commit
 * before WhatsApp is called, so a run after a crash finds the interrupted
 * one and marks it unknown instead of sending it again.
 */
export const campaignShipping = pgTable(
  "campaign_shipping",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** The connection it went out on: a reply on it answers this campaign. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    status: text("status", { enum: shippingStatuses }).notNull().default("pending"),
    variant: smallint("variant"),
    message: text("message").notNull(),
    confirmationMessage: text("confirmation_message"),
    /** Provider id of the main message once sent. */
    wid: text("wid"),
    error: text("error"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    confirmationRequestedAt: timestamp("confirmation_requested_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** The last time a message of this campaign reached the number: replies within a window answer it. */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_shipping_campaign_number_uq").on(t.campaignId, t.number),
    index("campaign_shipping_campaign_status_idx").on(t.campaignId, t.status, t.id),
    // WhatsApp's status callbacks name a sent message by its id (campaign-acks.ts).
    index("campaign_shipping_wid_idx")
      .on(t.whatsappId, t.wid)
      .where(sql`${t.wid} is not null`),
    // Ingest asks, for a customer's message, whether the number answers a recent campaign message.
    index("campaign_shipping_reply_idx")
      .on(t.whatsappId, t.number, t.lastSentAt)
      .where(sql`${t.lastSentAt} is not null`),
  ],
);

/** Numbers that answered a campaign with an opt-out word: never sent a campaign of the company again. */
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);
