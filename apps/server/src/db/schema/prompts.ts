import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { queues } from "./queues.js";

/**
 * automation-areas §3 "Prompt": the training text an OpenAI-compatible chat model answers customers with
 * (automation/ai-turn.job.ts). `apiKey` is stored encrypted (secrets/); `baseUrl` "" means the server's
 * OPENAI_BASE_URL. A deleted queue leaves the prompt without one (its handoffs then wait with no queue).
 */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    model: text("model").notNull(),
    maxTokens: integer("max_tokens").notNull(),
    temperature: doublePrecision("temperature").notNull(),
    apiKey: text("api_key").notNull(),
    queueId: integer("queue_id").references((): AnyPgColumn => queues.id, { onDelete: "set null" }),
    maxMessages: integer("max_messages").notNull(),
    baseUrl: text("base_url").notNull().default(""),
    transcriptionModel: text("transcription_model").notNull().default("whisper-1"),
    lastUpdate: timestamp("last_update", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prompts_company_name_idx").on(t.companyId, t.name)],
);
