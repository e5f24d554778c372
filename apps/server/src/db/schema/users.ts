import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companies } from "./companies.js";
import { queues } from "./queues.js";
import { whatsapps } from "./whatsapps.js";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    profile: text("profile").notNull().default("user"),
    super: boolean("super").notNull().default(false),
    /** The default connection of the new-ticket modal. */
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    allTicket: text("all_ticket").notNull().default("desabled"),
    language: text("language"),
    /** Bumped on logout and password change: every refresh token issued before dies. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** The current login; a new login replaces it, ending the other sessions (single session). */
    sessionId: text("session_id"),
    /** The jti of the session's current refresh token; any other jti of the session was rotated away. */
    refreshJti: text("refresh_jti"),
    /** When the current refresh token was issued: its iat, and the start of the previous one's grace. */
    refreshIssuedAt: timestamp("refresh_issued_at", { withTimezone: true }),
    /** The jti rotated away last: answered with the current tokens during the grace, a reuse after it. */
    previousRefreshJti: text("previous_refresh_jti"),
    /** Wrong password-reset codes tried since resetAttemptsSince, across all codes of the account. */
    resetAttempts: integer("reset_attempts").notNull().default(0),
    resetAttemptsSince: timestamp("reset_attempts_since", { withTimezone: true }),
    /** Wrong current passwords given by a signed-in session since the last sign-in; the last allowed ends it. */
    passwordCheckFailures: integer("password_check_failures").notNull().default(0),
    online: boolean("online").notNull().default(false),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`), index("users_company_idx").on(t.companyId)],
);

export const userQueues = pgTable(
  "user_queues",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_queue_idx").on(t.queueId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
