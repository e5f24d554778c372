import type { MessageDetails } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";
import { whatsapps } from "./whatsapps.js";

/** core-platform §3 "Message"; ack 1 pending … 5 played (§4.2), and only rises. */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The connection it travelled through; with `wid` the idempotency key of ingest. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    /** The provider's message id (WhatsApp's); null until an outbound send is accepted. */
    wid: text("wid"),
    /** The sender of an incoming message (a group's participant); null for our own. */
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    /** The agent who sent it, for "delete own message". */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fromMe: boolean("from_me").notNull().default(false),
    body: text("body").notNull().default(""),
    read: boolean("read").notNull().default(false),
    ack: integer("ack").notNull().default(1),
    mediaType: text("media_type").notNull().default("chat"),
    /** The stored file's path under the company's media (served at /public/...). */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    quotedMsgId: integer("quoted_msg_id").references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    isDeleted: boolean("is_deleted").notNull().default(false),
    isEdited: boolean("is_edited").notNull().default(false),
    /** Why the provider refused an outbound send; the agent sees it and can retry. */
    sendError: text("send_error"),
    /** What the message carries beyond its text (contracts MessageDetails). */
    details: jsonb("details").$type<MessageDetails>(),
    /** A voice note's text, from the AI provider's transcription (automation/transcribe.ts). */
    transcription: text("transcription"),
    /** What the provider sent or answered, for replies and retries. */
    providerData: jsonb("provider_data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also every lookup by provider id (acks, edits, quotes): each names its connection (migration 0016
    // dropped an index on wid alone, one more entry per stored message that no query read).
    uniqueIndex("messages_whatsapp_wid_uq").on(t.whatsappId, t.wid),
    index("messages_ticket_id_idx").on(t.ticketId, t.id),
    index("messages_company_idx").on(t.companyId),
    // The ticket search matches message text anywhere in the body (pg_trgm).
    index("messages_body_trgm_idx").using("gin", sql`${t.body} gin_trgm_ops`),
    // Whether a stored file is still a message's (the unused-media sweep); text messages add no entry.
    index("messages_media_path_idx")
      .on(t.mediaPath)
      .where(sql`${t.mediaPath} is not null`),
  ],
);

/**
 * A status report that arrived before its message's provider id was stored
 * (the Cloud API may report "sent" before the send's own answer is
 * committed): kept, highest ack first, and applied when the id is stored.
 */
export const pendingAcks = pgTable(
  "pending_acks",
  {
    id: serial("id").primaryKey(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    wid: text("wid").notNull(),
    ack: integer("ack").notNull(),
    error: text("error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pending_acks_whatsapp_wid_uq").on(t.whatsappId, t.wid),
    index("pending_acks_received_idx").on(t.receivedAt),
  ],
);
