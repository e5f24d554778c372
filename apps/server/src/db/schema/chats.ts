import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { users } from "./users.js";

/** business-areas §3 "Internal chat". */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // A deleted owner leaves the conversation to the other members: their messages are not lost.
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    lastMessage: text("last_message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last change or message: the chat list's order. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("chats_uuid_uq").on(t.uuid), index("chats_company_idx").on(t.companyId)],
);

/** A chat's members (§3 users[]), each with what they have not read. */
export const chatUsers = pgTable(
  "chat_users",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer("unreads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_users_user_idx").on(t.userId)],
);

/** §3 "Chat message". */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A page of the newest messages first, read backwards from this index.
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id.desc())],
);
