/**
 * message.received through the real Cloud API webhook (issue 11 item 1): the
 * new ticket's timeline starts with "created", whether ingest's one statement
 * stored it alone (the product's subscribers: issue 31) or in a transaction; a
 * durable subscriber's job is queued in ingest's own transaction, before Meta
 * gets its 200, with whether the message made the ticket.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages, ticketEvents } from "../db/schema/index.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { buildCloudCompany, cloudServerPerFile, customerNumber } from "../../test/cloud-connection.js";
import { envelope, type FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { queuedJobs, runQueuedJobs } from "../../test/jobs.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const payload = z.object({ messageId: z.number().int(), ticketIsNew: z.boolean() });
const seen: z.infer<typeof payload>[] = [];
const onReceived: JobDefinition<z.infer<typeof payload>> = {
  name: "test-on-received",
  payload,
  policy: { retryLimit: 1, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
  run: async (_ctx, data) => void seen.push(data),
};

describe("message.received", () => {
  it("alone, the statement starts a new ticket's timeline with 'created', once", async () => {
    // The product's own subscribers of these events all tell when they are needed: no transaction.
    expect(s.ctx.events.committable(["ticket.created", "message.received"])).toBe(true);
    const { company, connection } = await buildCloudCompany(s, fake);
    const from = customerNumber();
    for (const text of ["Oi", "Tudo bem?"])
      expect((await fake.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, from, text })).status).toBe(
        200,
      );
    const [message] = await s.ctx.db.select().from(messages).where(eq(messages.companyId, company.id));
    const timeline = await s.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.companyId, company.id));
    expect(timeline).toMatchObject([
      { type: "created", userId: null, queueId: null, ticketId: message!.ticketId, data: { by: null, queue: null } },
    ]);
  });

  it("queues its durable subscriber's job with the message, once per stored message", async () => {
    await s.ctx.jobs.register(onReceived);
    s.ctx.events.durable("message.received", onReceived, (e) =>
      e.fromMe ? undefined : { messageId: e.messageId, ticketIsNew: e.ticketIsNew },
    );
    // A durable subscriber cannot tell: ingest now stores every message in a transaction.
    expect(s.ctx.events.committable(["message.received"])).toBe(false);
    const { company, connection } = await buildCloudCompany(s, fake);
    const from = customerNumber();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const { value, wid } = fake.customerValue({ phoneNumberId, from, text: "Oi" });
    const first = { ...(await fake.webhook(envelope([[value]]), { phoneNumberId })), wid };
    expect(first.status).toBe(200);
    // A repeated delivery stores nothing and queues nothing.
    expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status).toBe(200);
    const second = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from,
      text: "Tudo bem?",
    });
    expect(second.status).toBe(200);

    const stored = await s.ctx.db.select().from(messages).where(eq(messages.companyId, company.id));
    const idOf = (wid: string | undefined) => stored.find((m) => m.wid === wid)!.id;
    // Already there when Meta got its answer: the commit queued them.
    expect(await queuedJobs(s, onReceived.name)).toEqual([
      { messageId: idOf(first.wid), ticketIsNew: true },
      { messageId: idOf(second.wid), ticketIsNew: false },
    ]);
    expect(await runQueuedJobs(s, [onReceived as JobDefinition<never>])).toBe(2);
    // pg-boss hands jobs out in no promised order: each ran once.
    expect(seen.map((d) => d.messageId).sort((a, b) => a - b)).toEqual(
      [idOf(first.wid), idOf(second.wid)].sort((a, b) => a - b),
    );

    const timeline = await s.ctx.db.select().from(ticketEvents).where(eq(ticketEvents.companyId, company.id));
    expect(timeline).toMatchObject([{ type: "created", userId: null, queueId: null, ticketId: stored[0]!.ticketId }]);
  });
});
