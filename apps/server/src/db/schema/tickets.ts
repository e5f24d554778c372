import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";
import { contacts } from "./contacts.js";
import { flows } from "./flows.js";
import { queueIntegrations } from "./integrations.js";
import { prompts } from "./prompts.js";
import { queueOptions, queues } from "./queues.js";
import { tags } from "./tags.js";
import { users } from "./users.js";
import { whatsapps } from "./whatsapps.js";

/** core-platform §3 "Ticket"; status pending | open | closed (§4.1). */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    // Deleting a contact loses its tickets (§4.1).
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    // A deleted user's open tickets go back to pending first (users' delete hook); a deleted queue leaves none.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    unreadMessages: integer("unread_messages").notNull().default(0),
    lastMessage: text("last_message").notNull().default(""),
    isGroup: boolean("is_group").notNull().default(false),
    chatbot: boolean("chatbot").notNull().default(false),
    useIntegration: boolean("use_integration").notNull().default(false),
    promptId: integer("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    /**
     * A prompt or an integration let the ticket go to people (the AI's transfer phrase, a provider that
     * failed, an agent's accept or transfer): neither takes it again until it is closed (automation/holder.ts).
     */
    holdReleased: boolean("hold_released").notNull().default(false),
    /** The customer's message the AI last answered (automation/ai-turn.job.ts): a turn run again answers nothing. */
    aiAnsweredMessageId: integer("ai_answered_message_id"),
    /**
     * A flow's typebot or openai node holding the ticket (issue 18 item 5; automation/flows/node-hold.ts):
     * the flow and the node, read again at each turn. No foreign key on the flow: a deleted flow must
     * release the hold at the next turn (the ticket pending in its queue), which a set-null would hide.
     */
    holdFlowId: integer("hold_flow_id"),
    holdFlowNodeId: text("hold_flow_node_id"),
    /** How many times the queue bot answered this ticket, and when last (SERVER-BEHAVIOUR "Bot limits"). */
    amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
    botAnsweredAt: timestamp("bot_answered_at", { withTimezone: true }),
    /**
     * Where the customer is in the queue's option tree while the bot holds the
     * ticket (null: at the queue's root options); an option deleted meanwhile
     * sets it back to null, so the customer is offered the root again.
     */
    queueOptionId: integer("queue_option_id").references(() => queueOptions.id, { onDelete: "set null" }),
    /** When the bot last told the customer it is out of hours (once per closed stretch). */
    outOfHoursAt: timestamp("out_of_hours_at", { withTimezone: true }),
    /**
     * The last inbound message automation (the bot, the rating reader) answered on this ticket: its job
     * runs again after a crash, or late behind a newer message's, and must not answer twice.
     */
    automationSeenMessageId: integer("automation_seen_message_id"),
    /**
     * The last customer's message ingest stored on this ticket while nobody attended it: automation has
     * something to look at while it is past automationSeenMessageId (automation/answer-sweep.ts).
     */
    automationPendingMessageId: integer("automation_pending_message_id"),
    /**
     * The flow run holding the ticket (issue 18 item 5; automation/flows/): the flow, the node it is at,
     * whether it waits there for the customer's reply, the answers given (answerKey → text), and how
     * many nodes it walked since the customer last replied (the 50-node guard). `flowStep` counts every
     * step taken, so a step's job run again after a crash finds it already taken and sends nothing.
     */
    flowId: integer("flow_id").references((): AnyPgColumn => flows.id, { onDelete: "set null" }),
    flowNodeId: text("flow_node_id"),
    flowWaiting: boolean("flow_waiting").notNull().default(false),
    flowVariables: jsonb("flow_variables").$type<Record<string, string>>().notNull().default({}),
    flowWalked: integer("flow_walked").notNull().default(0),
    flowStep: integer("flow_step").notNull().default(0),
    /** Times the rating question was sent on this ticket (automation/rating.ts); 0 = not asked. */
    ratingAsks: integer("rating_asks").notNull().default(0),
    /** The timeline the dashboard reads (SERVER-BEHAVIOUR "Metrics"). */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /**
     * Business minutes (the hours that apply to the ticket, in the company's time zone) from its creation to
     * the first message an agent sent on it, and from its creation to its last close: written once when
     * they happen (ticket-durations.ts), so the dashboard averages columns instead of walking calendars.
     */
    firstResponseBusinessMinutes: doublePrecision("first_response_business_minutes"),
    resolutionBusinessMinutes: doublePrecision("resolution_business_minutes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tickets_uuid_uq").on(t.uuid),
    // One active ticket per contact and connection, race-free (SERVER-BEHAVIOUR "Tickets and messages").
    uniqueIndex("tickets_active_contact_uq")
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.status} <> 'closed'`),
    // The lists' order (most recently updated first, newest id first on ties; NULLS FIRST as ORDER BY ... DESC
    // sorts), so a page reads 41 index entries instead of sorting the company's tickets.
    index("tickets_company_status_updated_idx").on(
      t.companyId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("tickets_company_queue_updated_idx").on(t.companyId, t.queueId, t.updatedAt),
    index("tickets_company_user_updated_idx").on(t.companyId, t.userId, t.updatedAt),
    index("tickets_contact_idx").on(t.contactId),
    // The answer sweep's look-up: only the tickets automation has yet to look at.
    index("tickets_automation_pending_idx")
      .on(t.automationPendingMessageId)
      .where(sql`${t.automationPendingMessageId} > coalesce(${t.automationSeenMessageId}, 0)`),
    // Deleting a queue option clears the tickets standing on it without reading every ticket.
    index("tickets_queue_option_idx")
      .on(t.queueOptionId)
      .where(sql`${t.queueOptionId} is not null`),
    // The dashboard's periods (issue 11 item 8): a range of closed, accepted or created times of one company,
    // with the columns its averages read as further keys, so a 90-day period is an index-only scan.
    index("tickets_company_closed_idx").on(
      t.companyId,
      t.closedAt,
      t.acceptedAt,
      t.createdAt,
      t.userId,
      t.firstResponseBusinessMinutes,
      t.resolutionBusinessMinutes,
    ),
    index("tickets_company_accepted_idx").on(t.companyId, t.acceptedAt, t.queuedAt, t.createdAt),
    index("tickets_company_created_idx").on(t.companyId, t.createdAt, t.userId),
  ],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId)],
);

/** core-platform §3 "Ticket note". */
export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_notes_contact_ticket_idx").on(t.contactId, t.ticketId)],
);
