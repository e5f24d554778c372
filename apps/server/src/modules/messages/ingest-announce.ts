/**
 * Telling the company's sockets about what the channels stored: for each
 * message, its ticket (the list row, the unread count) first, then the
 * message itself.
 *
 * The presenters hydrate many ids in the same two or three queries it takes
 * for one, so announcements are gathered per company: while one batch loads,
 * the next ones wait and then go together. Nothing waits when the company is
 * quiet; under a burst of deliveries the batches grow instead of the queue of
 * queries. Events keep the order in which the messages were stored.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import { contacts } from "../../db/schema/index.js";
import { presentContact } from "../contacts/contacts.presenter.js";
import { loadTickets } from "../tickets/tickets.presenter.js";
import { emitTicketUpdate } from "../tickets/tickets.realtime.js";
import { loadMessages } from "./messages.presenter.js";
import { emitMessage } from "./messages.realtime.js";

export interface Announcement {
  ticketId: number;
  messageId: number;
  /** A new message also moves its ticket in the lists; a change (edit, ack) only updates the bubble. */
  action: "create" | "update";
  /** Contacts the message made, for the contacts page. */
  newContactIds?: number[];
  /** Contacts the message changed (joined ids, a username, a name), for the contacts page. */
  changedContactIds?: number[];
}

interface Waiting {
  announcement: Announcement;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface CompanyQueue {
  waiting: Waiting[];
  busy: boolean;
}

const queuesOf = new WeakMap<Context, Map<number, CompanyQueue>>();

/** Resolves once the events are emitted (a webhook answers after its messages are announced). */
export function announce(ctx: Context, companyId: number, announcement: Announcement): Promise<void> {
  let queues = queuesOf.get(ctx);
  if (!queues) queuesOf.set(ctx, (queues = new Map<number, CompanyQueue>()));
  let queue = queues.get(companyId);
  if (!queue) queues.set(companyId, (queue = { waiting: [], busy: false }));
  const q = queue;
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ announcement, resolve, reject });
    if (!q.busy) void drain(ctx, companyId, q, queues);
  });
}

async function drain(ctx: Context, companyId: number, queue: CompanyQueue, queues: Map<number, CompanyQueue>) {
  queue.busy = true;
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0);
    try {
      await emitBatch(
        ctx,
        companyId,
        batch.map((w) => w.announcement),
      );
      for (const w of batch) w.resolve();
    } catch (err) {
      for (const w of batch) w.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
  queue.busy = false;
  queues.delete(companyId);
}

async function emitBatch(ctx: Context, companyId: number, batch: Announcement[]) {
  // One after the other: under a burst, one more busy database connection costs more CPU in
  // PostgreSQL than the wait it saves here (measured with npm run bench).
  const ticketList = await loadTickets(ctx.db, companyId, [...new Set(batch.map((a) => a.ticketId))]);
  const messageList = await loadMessages(
    ctx.db,
    companyId,
    batch.map((a) => a.messageId),
  );
  const contactIds = batch.flatMap((a) => [...(a.newContactIds ?? []), ...(a.changedContactIds ?? [])]);
  // Only when a message made or changed a contact: most deliveries add nothing here.
  const contactList = contactIds.length
    ? await ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)))
    : [];
  const contactsById = new Map(contactList.map((c) => [c.id, c]));
  const ticketsById = new Map(ticketList.map((t) => [t.id, t]));
  const messagesById = new Map(messageList.map((m) => [m.id, m]));
  for (const a of batch) {
    for (const contact of (a.newContactIds ?? []).map((id) => contactsById.get(id))) {
      if (contact) ctx.realtime.emit("contact", { companyId }, { action: "create", contact: presentContact(contact) });
    }
    for (const contact of (a.changedContactIds ?? []).map((id) => contactsById.get(id))) {
      if (contact) ctx.realtime.emit("contact", { companyId }, { action: "update", contact: presentContact(contact) });
    }
    const ticket = ticketsById.get(a.ticketId);
    const message = messagesById.get(a.messageId);
    // Deleted meanwhile (the ticket, and its messages with it): nothing left to show.
    if (!ticket || !message) continue;
    if (a.action === "create") emitTicketUpdate(ctx, ticket);
    emitMessage(ctx, a.action, message, ticket);
  }
}
