import { index, boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

/** business-areas §3 "Quick message". */
export const quickMessages = pgTable(
  "quick_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    geral: boolean("geral").notNull().default(false),
    visao: boolean("visao").notNull().default(true),
    status: boolean("status").notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quick_messages_company_user_idx").on(t.companyId, t.userId)],
);
