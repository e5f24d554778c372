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

/** Where a ticket is: what decides who sees it. */
export interface TicketPlaceFacts {
  status: string;
  queueId: number | null;
  userId: number | null;
}

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
    fromMe: boolean;
    isGroup: boolean;
    /** Contacts the message made or changed (joined ids, a username, a name), for the contacts page. */
    newContactIds: number[];
    changedContactIds: number[];
  };
  /** A message stored from our side (an agent, an automatic text, the external API). */
  "message.sent": { companyId: number; ticketId: number; messageId: number };
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
  "ticket.accepted": TicketMoveFacts;
  "ticket.transferred": TicketMoveFacts & { queueId: number | null; userId: number | null; whatsappId: number | null };
  "ticket.closed": TicketMoveFacts;
  "ticket.reopened": TicketMoveFacts;
  /** Some other change of the ticket's list row (tags, a queue deleted, a user's queues changed). */
  "ticket.changed": { companyId: number; ticketId: number; before?: TicketPlaceFacts };
  "ticket.deleted": { companyId: number; ticketId: number; place: TicketPlaceFacts };
  /** A customer's rating of the attendant (1–3). */
  "rating.received": { companyId: number; ticketId: number; userId: number | null; rate: number };
}

export type EventName = keyof DomainEvents;

export interface DomainEvent<K extends EventName = EventName> {
  name: K;
  payload: DomainEvents[K];
}
