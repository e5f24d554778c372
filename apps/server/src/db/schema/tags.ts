import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull().default("#A4CCCC"),
    /** 1 shows the tag as a kanban lane. */
    kanban: integer("kanban").notNull().default(0),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tags_company_name_uq").on(t.companyId, sql`lower(${t.name})`),
    index("tags_company_idx").on(t.companyId),
  ],
);
