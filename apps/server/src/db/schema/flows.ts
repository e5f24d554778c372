import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { FlowGraph } from "@balcao/contracts";
import { companies } from "./companies.js";
import { whatsapps } from "./whatsapps.js";

/**
 * automation-areas §3 "Flow" (issue 18): a drawn conversation. `graph` is the saved
 * `{nodes, connections}` exactly as the builder sent them (null until first saved), except
 * the keys inside AI and Typebot blocks (`apiKey`, `voiceKey`), stored encrypted (secrets/).
 */
export const flows = pgTable(
  "flows",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    graph: jsonb("graph").$type<FlowGraph>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("flows_company_name_idx").on(t.companyId, t.name)],
);

/**
 * automation-areas §3 "Flow campaign": a phrase that starts a flow. `phraseKey` is the phrase
 * trimmed, lower-cased and without accents (how a customer's message is compared); two active
 * campaigns of a company may not share it on one connection (null = every connection).
 */
export const flowCampaigns = pgTable(
  "flow_campaigns",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    flowId: integer("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    phrase: text("phrase").notNull(),
    phraseKey: text("phrase_key").notNull(),
    status: boolean("status").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("flow_campaigns_company_phrase_idx").on(t.companyId, t.phraseKey),
    uniqueIndex("flow_campaigns_active_phrase_uq")
      .on(t.companyId, sql`coalesce(${t.whatsappId}, 0)`, t.phraseKey)
      .where(sql`${t.status}`),
  ],
);
