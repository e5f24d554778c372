import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

/** Platform-wide notices written by super users and shown to every signed-in user. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull().default(""),
    /** 1 high, 2 medium, 3 low. */
    priority: integer("priority").notNull().default(3),
    status: boolean("status").notNull().default(true),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("announcements_status_idx").on(t.status, t.createdAt)],
);

/** Which user has seen which announcement: the popover's unseen dot. */
export const announcementViews = pgTable(
  "announcement_views",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** Help videos, managed by super users, listed to everyone. */
export const helps = pgTable("helps", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  video: text("video").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
