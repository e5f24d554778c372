import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/**
 * automation-areas §3 "Queue integration": a bot a queue or a connection hands
 * its tickets to (Typebot, n8n, a webhook, Dialogflow, a flow). `jsonContent`
 * (the Dialogflow service account) and `signingSecret` (the key of the webhook
 * signature) are stored encrypted (secrets/); `updatedAt` is the spec's lastUpdate.
 */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type").notNull().default("typebot"),
    name: text("name").notNull(),
    projectName: text("project_name").notNull().default(""),
    jsonContent: text("json_content").notNull().default(""),
    language: text("language").notNull().default(""),
    urlN8N: text("url_n8n").notNull().default(""),
    typebotSlug: text("typebot_slug").notNull().default(""),
    /** Minutes a Typebot session may stay silent before the next message starts a fresh one. */
    typebotExpires: integer("typebot_expires").notNull().default(1),
    /** Milliseconds between two messages of one Typebot answer. */
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    signingSecret: text("signing_secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("queue_integrations_company_name_idx").on(t.companyId, t.name)],
);
