import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { queueIntegrations } from "./integrations.js";
import { prompts } from "./prompts.js";

/** A weekday's working hours, as the queue modal and the company schedules tab edit them. */
export interface WorkingHours {
  weekday: string;
  weekdayEn: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
  startTime: string;
  endTime: string;
}

export const queues = pgTable(
  "queues",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    orderQueue: integer("order_queue"),
    // Integrations and prompts arrive with the automation areas; their foreign keys with them.
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer("prompt_id").references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    schedules: jsonb("schedules")
      .$type<WorkingHours[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("queues_company_color_uq").on(t.companyId, t.color), index("queues_company_idx").on(t.companyId)],
);

/** The chatbot option tree under a queue (business-areas §2.4); deleting an option deletes its subtree. */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: serial("id").primaryKey(),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    message: text("message").notNull().default(""),
    /** 1-based position among its siblings. */
    option: integer("option").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("queue_options_queue_parent_idx").on(t.queueId, t.parentId)],
);
