import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { flows } from "./flows.js";
import { queueIntegrations } from "./integrations.js";
import { prompts } from "./prompts.js";
import { queues, type WorkingHours } from "./queues.js";

/**
 * A connection (core-platform §3 "Connection"): one WhatsApp number, through
 * Baileys (provider beta) or the Cloud API (provider cloud).
 */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status").notNull().default("DISCONNECTED"),
    qrcode: text("qrcode").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    /** The linked phone number, digits only, once known. */
    number: text("number").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    /**
     * The external messages API token, encrypted (secrets/index.ts) so editors still read it whole;
     * empty = none (an empty token never matches).
     */
    token: text("token").notNull().default(""),
    /** lookupHash of the token: how a bearer token finds its connection (unique); "" without a token. */
    tokenHash: text("token_hash").notNull().default(""),
    provider: text("provider").notNull().default("beta"),
    sendIdQueue: integer("send_id_queue").references(() => queues.id, { onDelete: "set null" }),
    timeSendQueue: integer("time_send_queue").notNull().default(0),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    transferQueueId: integer("transfer_queue_id").references(() => queues.id, { onDelete: "set null" }),
    timeToTransfer: integer("time_to_transfer").notNull().default(0),
    expiresTicket: integer("expires_ticket").notNull().default(0),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    // Prompts and integrations arrive with the automation areas; their foreign keys with them.
    promptId: integer("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    /**
     * With a flowbuilder integration (issue 18 item 5): the flow a contact's first message ever starts,
     * and the flow a new ticket whose first message matches no phrase starts.
     */
    flowIdWelcome: integer("flow_id_welcome").references((): AnyPgColumn => flows.id, { onDelete: "set null" }),
    flowIdNotPhrase: integer("flow_id_not_phrase").references((): AnyPgColumn => flows.id, { onDelete: "set null" }),
    schedules: jsonb("schedules")
      .$type<WorkingHours[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cloudPhoneNumberId: text("cloud_phone_number_id").notNull().default(""),
    // The Cloud API credentials, encrypted (secrets/index.ts).
    cloudAccessToken: text("cloud_access_token").notNull().default(""),
    cloudAppSecret: text("cloud_app_secret").notNull().default(""),
    cloudVerifyToken: text("cloud_verify_token").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("whatsapps_company_idx").on(t.companyId),
    uniqueIndex("whatsapps_token_hash_uq")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} <> ''`),
  ],
);

export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] }), index("whatsapp_queues_queue_idx").on(t.queueId)],
);

/**
 * A WhatsApp Web (Baileys) connection's session, as key → value: the creds,
 * the signal keys, when it was paired and the phone's address book. Kept in
 * the database (not in files) so a restart, or another node taking the
 * session over, resumes it without a new scan.
 */
export const baileysKeys = pgTable(
  "baileys_keys",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** JSON written with Baileys' BufferJSON (buffers survive the round trip). */
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] })],
);

/**
 * A call on a WhatsApp Web session made by a process that does not hold it
 * (channels/remote-calls.ts): the holder runs it and writes the outcome here.
 * Rows live for the length of one call.
 */
export const channelCalls = pgTable("channel_calls", {
  id: serial("id").primaryKey(),
  whatsappId: integer("whatsapp_id")
    .notNull()
    .references(() => whatsapps.id, { onDelete: "cascade" }),
  operation: text("operation").notNull(),
  /** The call's arguments; file bytes as base64. */
  args: jsonb("args").notNull(),
  result: jsonb("result"),
  /** {code, providerMessage} when the driver refused. */
  error: jsonb("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
