/**
 * The domain-event seam (issue 11 item 1): what a transaction records is
 * written (timeline), queued (durable subscribers' jobs) and published
 * (realtime) if and only if it commits.
 */
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ticketEvents, tickets } from "../db/schema/index.js";
import type { JobDefinition } from "../jobs/jobs.js";
import type { TestServer } from "../../test/harness.js";
import { queuedJobs, runQueuedJobs } from "../../test/jobs.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { connectSocket, flush, joinRoom, record } from "../../test/sockets.js";
import { pendingTicket, ticketCompany, ticketRow } from "../../test/tickets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

/** A test-only durable subscriber: notes each accepted ticket once (idempotent by its id). */
const noted = new Set<number>();
const noteAccepted: JobDefinition<{ ticketId: number }> = {
  name: "test-note-accepted",
  payload: z.object({ ticketId: z.number().int().positive() }),
  policy: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
  run: async (_ctx, { ticketId }) => void noted.add(ticketId),
};

async function subscribed() {
  await s.ctx.jobs.register(noteAccepted);
  if (!subscribedOnce) s.ctx.events.durable("ticket.accepted", noteAccepted, (e) => ({ ticketId: e.ticketId }));
  subscribedOnce = true;
}
let subscribedOnce = false;

/** Accepts the ticket for `userId` as a service would, then throws when `fail`. */
function acceptInTransaction(
  t: { id: number; companyId: number; queueId: number | null },
  userId: number,
  fail: boolean,
) {
  return s.ctx.events.transaction(async (e) => {
    await e.db.update(tickets).set({ status: "open", userId }).where(eq(tickets.id, t.id));
    e.record("ticket.accepted", {
      companyId: t.companyId,
      ticketId: t.id,
      byUserId: userId,
      before: { status: "pending", queueId: t.queueId, userId: null },
    });
    if (fail) throw new Error("the service failed after recording");
  });
}

describe("domain events", () => {
  it("a rolled-back transaction leaves no job, no realtime event and no timeline row", async () => {
    await subscribed();
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    const admin = await connectSocket(s, c.t.admin.token);
    await joinRoom(admin, "joinNotification");
    const events = record(admin, channels.ticket(c.companyId));

    await expect(acceptInTransaction(ticket, c.agent.id, true)).rejects.toThrow("the service failed");

    await flush(s, admin);
    expect(events).toEqual([]);
    expect((await ticketRow(s, ticket.id)).status).toBe("pending");
    expect(await queuedJobs(s, noteAccepted.name)).not.toContainEqual({ ticketId: ticket.id });
    expect(await s.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticket.id))).toEqual([]);
    await runQueuedJobs(s, [noteAccepted as JobDefinition<never>]);
    expect(noted.has(ticket.id)).toBe(false);
  });

  it("a committed one: its durable subscriber's job waits in pg-boss, realtime goes out, the timeline has the row", async () => {
    await subscribed();
    const c = await ticketCompany(s);
    const ticket = await pendingTicket(s, c);
    const admin = await connectSocket(s, c.t.admin.token);
    await joinRoom(admin, "joinNotification");
    const events = record<{ action: string; ticket: { id: number; status: string } }>(
      admin,
      channels.ticket(c.companyId),
    );

    await acceptInTransaction(ticket, c.agent.id, false);

    // Queued by the commit itself, before any worker: a crash now would lose nothing.
    expect(await queuedJobs(s, noteAccepted.name)).toContainEqual({ ticketId: ticket.id });
    await flush(s, admin);
    expect(events).toContainEqual(
      expect.objectContaining({ action: "update", ticket: expect.objectContaining({ id: ticket.id, status: "open" }) }),
    );
    const rows = await s.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticket.id));
    expect(rows).toMatchObject([{ type: "accepted", userId: c.agent.id, queueId: c.queue.id }]);

    expect(await runQueuedJobs(s, [noteAccepted as JobDefinition<never>])).toBeGreaterThanOrEqual(1);
    expect(noted.has(ticket.id)).toBe(true);
    expect(await queuedJobs(s, noteAccepted.name)).not.toContainEqual({ ticketId: ticket.id });
  });

  it("an event with durable subscribers cannot be published outside a transaction", async () => {
    await subscribed();
    await expect(
      s.ctx.events.published("ticket.accepted", {
        companyId: 1,
        ticketId: 1,
        byUserId: null,
        before: { status: "pending", queueId: null, userId: null },
      }),
    ).rejects.toThrow(/transactional subscribers/);
  });

  it("an event published alone is refused when a transactional subscriber needs it (a connection with timers)", async () => {
    const received = {
      companyId: 1,
      ticketId: 1,
      messageId: 1,
      contactId: 1,
      whatsappId: 1,
      ticketIsNew: false,
      fromMe: false,
      isGroup: false,
      newContactIds: [],
      changedContactIds: [],
    };
    await expect(
      s.ctx.events.committed([{ name: "message.received", payload: { ...received, connectionHasTimers: true } }]),
    ).rejects.toThrow(/transactional subscribers/);
  });
});
