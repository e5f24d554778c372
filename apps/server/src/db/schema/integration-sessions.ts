import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { flows } from "./flows.js";
import { queueIntegrations } from "./integrations.js";
import { tickets } from "./tickets.js";

/** A choice a Typebot input offered, numbered for WhatsApp in the order shown. */
export interface PendingChoice {
  id: string;
  content: string;
}

/**
 * Where a ticket is in the conversation with its integration (Typebot's chat
 * session, Dialogflow's session is the ticket uuid): one row per ticket while
 * an integration (or a flow's typebot node) holds it. `seenMessageId` is the last customer message whose
 * turn committed: a turn run again after a crash or late skips it, so the
 * customer is never answered twice.
 */
export const integrationSessions = pgTable(
  "integration_sessions",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The integration whose session it is; null for a flow's typebot node (flowId, flowNodeId). */
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "cascade" }),
    /** A flow's typebot node holding the ticket (automation/flows/node-hold.ts). */
    flowId: integer("flow_id").references(() => flows.id, { onDelete: "cascade" }),
    flowNodeId: text("flow_node_id"),
    /** Typebot's sessionId; empty: the next message starts a chat. */
    sessionId: text("session_id").notNull().default(""),
    /** The choices of the input Typebot is waiting on, if it is a choice input. */
    pendingChoices: jsonb("pending_choices").$type<PendingChoice[]>(),
    seenMessageId: integer("seen_message_id"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A session is an integration's or a flow node's.
  (t) => [check("integration_sessions_holder_ck", sql`${t.integrationId} is not null or ${t.flowNodeId} is not null`)],
);
