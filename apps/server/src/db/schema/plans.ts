import { boolean, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  /** Megabytes of media a company on the plan keeps (contracts planLimits.storageMbDefault). */
  storageMb: integer("storage_mb").notNull().default(2048),
  value: numeric("value", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  useCampaigns: boolean("use_campaigns").notNull().default(true),
  useSchedules: boolean("use_schedules").notNull().default(true),
  useInternalChat: boolean("use_internal_chat").notNull().default(true),
  useExternalApi: boolean("use_external_api").notNull().default(true),
  useKanban: boolean("use_kanban").notNull().default(true),
  useOpenAi: boolean("use_open_ai").notNull().default(true),
  useIntegrations: boolean("use_integrations").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
