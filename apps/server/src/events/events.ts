/**
 * The domain events (DESIGN §2 "Domain events"; issue 11 item 1): what a
 * service records happened, inside its own transaction. Payloads are ids and
 * small facts, never rows: a subscriber reads what it needs, as it is after
 * the commit (or, for a durable subscriber's job, whenever the job runs).
 *
 * `before` on ticket events is where the ticket was (status, queue, agent)
 * before the change: realtime tells the users who saw it there but no longer
 * may that it left (tickets.subscribers.ts).
 */

import type { ContactListImportProgress, SettingKey } from "@balcao/contracts";

/** Where a ticket is: what decides who sees it. */
export interface TicketPlaceFacts {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** Where a ticket is, and whether the queue bot holds it: what automation needs to know it may answer. */
export interface TicketBotPlace extends TicketPlaceFacts {
  chatbot: boolean;
}

/** What the queue bot routes by on the ticket's connection and company (ticket waiting with no agent only). */
export interface InboundBotFacts {
  connectionHasQueues: boolean;
  scheduleType: string;
  /** A prompt or an integration holds the ticket, or its connection or queue offers one (automation/holder.ts). */
  holdable?: boolean;
  /** A flow runs on the ticket, or one may start there (automation/flows/flow-facts.ts). */
  flow?: boolean;
}

/** Where a ticket row is now, as the `before` of the event that moves it. */
export const placeOf = (t: TicketPlaceFacts): TicketPlaceFacts => ({
  status: t.status,
  queueId: t.queueId,
  userId: t.userId,
});

interface TicketFacts {
  companyId: number;
  ticketId: number;
  /** The agent who did it; null for the customer, the bot or a timer. */
  byUserId: number | null;
}

interface TicketMoveFacts extends TicketFacts {
  before: TicketPlaceFacts;
}

export interface DomainEvents {
  /** A message stored by ingest; `fromMe`: sent from the phone, not by the customer. */
  "message.received": {
    companyId: number;
    ticketId: number;
    messageId: number;
    contactId: number;
    whatsappId: number;
    ticketIsNew: boolean;
    /** The connection keeps a timer a customer's message re-arms. */
    connectionHasTimers: boolean;
    fromMe: boolean;
    isGroup: boolean;
    /** Contacts the message made or changed (joined ids, a username, a name), for the contacts page. */
    newContactIds: number[];
    changedContactIds: number[];
  };
  /** A message stored from our side (an agent, an automatic text, the external API: byUserId null). */
  "message.sent": { companyId: number; ticketId: number; messageId: number; byUserId: number | null };
  /** A stored message changed: an ack, an edit, a revoke, a reaction taken back, a file fetched later. */
  "message.updated": { companyId: number; ticketId: number; messageId: number };
  /** The agents read the ticket's messages. */
  "ticket.read": { companyId: number; ticketId: number };
  /** By an agent (POST /tickets, the external API: byUserId null) or by an inbound message (byUserId null). */
  "ticket.created": TicketFacts & {
    queueId: number | null;
    status: string;
    /** Made by an inbound message: that message's announcement carries the new ticket. */
    byMessage: boolean;
  };
  /** Put in a queue to wait (returned to it by an agent, or queued by the bot). */
  "ticket.queued": TicketMoveFacts & { queueId: number | null };
  /** The queue bot took the ticket: its queue menu went out, or a queue whose options it walks was chosen. */
  "ticket.botStarted": TicketMoveFacts;
  "ticket.accepted": TicketMoveFacts;
  "ticket.transferred": TicketMoveFacts & { queueId: number | null; userId: number | null; whatsappId: number | null };
  "ticket.closed": TicketMoveFacts;
  "ticket.reopened": TicketMoveFacts;
  /** Some other change of the ticket's list row (tags, a queue deleted, a user's queues changed). */
  "ticket.changed": { companyId: number; ticketId: number; before?: TicketPlaceFacts };
  "ticket.deleted": { companyId: number; ticketId: number; place: TicketPlaceFacts };
  /** A customer's rating of the attendant (1–3). */
  "rating.received": { companyId: number; ticketId: number; userId: number | null; rate: number };

  /** One contact made or changed (by an agent, a number check, the external API). */
  "contact.created": ContactFacts;
  "contact.updated": ContactFacts;
  /** Its tickets go with it, each recorded as ticket.deleted after this. */
  "contact.deleted": ContactFacts;
  /** Many contacts at once (a spreadsheet, the phone's address book): open lists refetch. */
  "contact.imported": { companyId: number };
  "queue.created": QueueFacts;
  "queue.updated": QueueFacts;
  /** Its tickets are left without a queue, each recorded as a ticket event after this. */
  "queue.deleted": QueueFacts;
  "user.created": UserFacts;
  /** Anything of what the user list and the user modal show: name, profile, queues, language. */
  "user.updated": UserFacts;
  "user.deleted": UserFacts;
  /** A company option's value changed (a secret one included: the subscriber keeps those off the wire). */
  "setting.updated": { companyId: number; key: SettingKey };
  "quickMessage.created": QuickMessageFacts;
  /** `wasShared`: shared before the change, so the others must drop it if it no longer is. */
  "quickMessage.updated": QuickMessageFacts & { wasShared: boolean };
  /** The row is gone: who could see it (its owner, or everyone when shared) comes along. */
  "quickMessage.deleted": QuickMessageFacts & { userId: number | null; geral: boolean };
  "schedule.created": ScheduleFacts;
  /** Its fields, its image, or its send's outcome (status, sentAt, errorMessage). */
  "schedule.updated": ScheduleFacts;
  "schedule.deleted": ScheduleFacts;
  "tag.created": TagFacts;
  /** Its fields, or the count of its tickets. */
  "tag.updated": TagFacts;
  "tag.deleted": TagFacts;
  /** A file list's fields, options or files changed. */
  "fileList.created": FileListFacts;
  "fileList.updated": FileListFacts;
  "fileList.deleted": FileListFacts;
  /** A queue integration's fields or signing secret changed (automation-areas "Queue integrations"). */
  "queueIntegration.created": QueueIntegrationFacts;
  "queueIntegration.updated": QueueIntegrationFacts;
  /** Its held tickets, queues and connections were let go first, each recorded as its own event. */
  "queueIntegration.deleted": QueueIntegrationFacts;
  /** An AI prompt's fields changed (automation-areas "Prompts"). */
  "prompt.created": PromptFacts;
  "prompt.updated": PromptFacts;
  /** Its held tickets, queues and connections were let go first, each recorded as its own event. */
  "prompt.deleted": PromptFacts;
  /** A flow's name, active flag or graph changed (issue 18 item 1). */
  "flow.created": FlowFacts;
  "flow.updated": FlowFacts;
  /** Its runs were ended, its campaigns and the connection fields naming it cleared first. */
  "flow.deleted": FlowFacts;
  /** A connection created or changed (its default flag included). */
  "whatsapp.saved": WhatsappFacts;
  "whatsapp.deleted": WhatsappFacts;
  /** The driver's session report was stored: status, QR code, retries. */
  "whatsapp.session": WhatsappFacts;
  /** Platform-wide: announcements belong to no company's audience. */
  "announcement.created": { announcementId: number };
  "announcement.updated": { announcementId: number };
  "announcement.deleted": { announcementId: number };
  "contactList.created": ContactListFacts;
  /** Its name, or the count of its items. */
  "contactList.updated": ContactListFacts;
  "contactList.deleted": ContactListFacts;
  "contactListItem.created": ContactListItemFacts;
  /** Its fields, or its number's WhatsApp check. */
  "contactListItem.updated": ContactListItemFacts;
  "contactListItem.deleted": ContactListItemFacts;
  /** An import's progress (not stored: the import job's own report), and its end. */
  "contactList.importProgress": { companyId: number; progress: ContactListImportProgress };
  /** Many items at once (an import's batch): the list's pages refetch. */
  "contactList.imported": ContactListFacts;
  "campaign.created": CampaignFacts;
  /** Its fields, its status, or its sends' progress (the report's counters). */
  "campaign.updated": CampaignFacts;
  "campaign.deleted": CampaignFacts;
  "chat.created": ChatFacts;
  /** Its title or members; `removedUserIds`: members the edit took out, whose lists must drop it. */
  "chat.updated": ChatFacts & { removedUserIds: number[] };
  /** The row is gone: its members at the time come along, the only ones told. */
  "chat.deleted": ChatFacts & { userIds: number[] };
  /** The provider confirmed an invoice's charge: it is paid and the company's due date moved to `dueDate`. */
  "invoice.paid": { companyId: number; invoiceId: number; dueDate: string };
  /** A member wrote in it: the other members' unreads went up. */
  "chat.messageCreated": ChatFacts & { messageId: number };
  /** A member read it: their unreads are 0. */
  "chat.read": ChatFacts & { userId: number };
}

interface ChatFacts {
  companyId: number;
  chatId: number;
}

interface CampaignFacts {
  companyId: number;
  campaignId: number;
}

interface ContactListFacts {
  companyId: number;
  contactListId: number;
}
interface ContactListItemFacts extends ContactListFacts {
  itemId: number;
}

interface ContactFacts {
  companyId: number;
  contactId: number;
}
interface QueueFacts {
  companyId: number;
  queueId: number;
}
interface UserFacts {
  companyId: number;
  userId: number;
}
interface QuickMessageFacts {
  companyId: number;
  quickMessageId: number;
}
interface ScheduleFacts {
  companyId: number;
  scheduleId: number;
}
interface TagFacts {
  companyId: number;
  tagId: number;
}
interface PromptFacts {
  companyId: number;
  promptId: number;
}
interface FlowFacts {
  companyId: number;
  flowId: number;
}
interface QueueIntegrationFacts {
  companyId: number;
  integrationId: number;
}
interface FileListFacts {
  companyId: number;
  fileListId: number;
}
interface WhatsappFacts {
  companyId: number;
  whatsappId: number;
}

export type EventName = keyof DomainEvents;

export interface DomainEvent<K extends EventName = EventName> {
  name: K;
  payload: DomainEvents[K];
}
