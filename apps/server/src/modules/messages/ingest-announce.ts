/**
 * Telling the company's sockets about the messages stored, the customers'
 * (from the channels) and our own (message.sent, the bot's answers): for each
 * message, its ticket (the list row, the unread count) first, then the
 * message itself.
 *
 * One statement hydrates many messages with their tickets in the time it
 * takes for one (a second reads the contacts a message made or changed, when
 * there are any), so announcements are gathered per company: while one batch loads,
 * the next ones wait and then go together. Nothing waits when the company is
 * quiet; under a burst of deliveries the batches grow instead of the queue of
 * queries. Events keep the order in which the messages were stored.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import { contacts } from "../../db/schema/index.js";
import { presentContact } from "../contacts/contacts.presenter.js";
import { emitTicketUpdate } from "../tickets/tickets.realtime.js";
import { loadMessagesWithTickets } from "./messages.presenter.js";
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
  const loaded = await loadMessagesWithTickets(
    ctx.db,
    companyId,
    batch.map((a) => a.messageId),
  );
  const contactIds = batch.flatMap((a) => [...(a.newContactIds ?? []), ...(a.changedContactIds ?? [])]);
  // Only when a message made or changed a contact: most deliveries add nothing here. After the messages, not
  // beside them: under a burst, one more busy database connection costs more CPU in PostgreSQL than the wait
  // it saves here (measured with npm run bench).
  const contactList = contactIds.length
    ? await ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)))
    : [];
  const contactsById = new Map(contactList.map((c) => [c.id, c]));
  const loadedById = new Map(loaded.map((l) => [l.message.id, l]));
  for (const a of batch) {
    for (const contact of (a.newContactIds ?? []).map((id) => contactsById.get(id))) {
      if (contact) ctx.realtime.emit("contact", { companyId }, { action: "create", contact: presentContact(contact) });
    }
    for (const contact of (a.changedContactIds ?? []).map((id) => contactsById.get(id))) {
      if (contact) ctx.realtime.emit("contact", { companyId }, { action: "update", contact: presentContact(contact) });
    }
    // Deleted meanwhile (the ticket, and its messages with it): nothing left to show.
    const found = loadedById.get(a.messageId);
    if (!found) continue;
    if (a.action === "create") emitTicketUpdate(ctx, found.ticket);
    emitMessage(ctx, a.action, found.message, found.ticket);
  }
}
