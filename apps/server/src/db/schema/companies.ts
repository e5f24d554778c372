import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { WorkingHours } from "./queues.js";
import { plans } from "./plans.js";

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    planId: integer("plan_id").references(() => plans.id, { onDelete: "restrict" }),
    status: boolean("status").notNull().default(true),
    dueDate: date("due_date", { mode: "string" }),
    recurrence: text("recurrence").notNull().default("MENSAL"),
    /** Company business hours, used when the setting scheduleType is "company". */
    schedules: jsonb("schedules")
      .$type<WorkingHours[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the company last came back from being switched off or expired (its held sends wait from then). */
    resumedAt: timestamp("resumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("companies_name_lower_uq").on(sql`lower(${t.name})`), index("companies_plan_idx").on(t.planId)],
);

export const settings = pgTable(
  "settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("settings_company_key_uq").on(t.companyId, t.key)],
);

/**
 * A job that came due while its company was switched off or expired (jobs/paused-jobs.ts): kept here,
 * not run, and queued again as it was when the company works again.
 */
export const pausedJobs = pgTable(
  "paused_jobs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    data: jsonb("data").notNull(),
    singletonKey: text("singleton_key"),
    pausedAt: timestamp("paused_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("paused_jobs_company_idx").on(t.companyId, t.id)],
);
