/**
 * Tickets' timers as durable jobs (issue 11 item 4; SERVER-BEHAVIOUR
 * "Timers"), through the real webhook, HTTP API and pg-boss: armed by what
 * the customer and the agents do, fired by pg-boss once due (the jobs run
 * with runQueuedJobs; time passes with test/timers.ts `elapse`), and once
 * only.
 */
import { channels, type TicketTimelineDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, settings, tickets, type whatsapps } from "../db/schema/index.js";
import { buildCloudConnection, customerNumber } from "../../test/cloud-connection.js";
import { buildQueue, buildTenant, buildUser, login } from "../../test/factories.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { runQueuedJobs, runSweeps } from "../../test/jobs.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../test/sockets.js";
import { armedTimers, elapse } from "../../test/timers.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { jobDefinitions } from "../jobs/registry.js";
import { ticketTimer } from "./ticket-timer.job.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  // Nothing worked behind the test's back: the jobs run when the test says, if pg-boss finds them due.
  s = await startTestServer({ WHATSAPP_GRAPH_URL: fake.url }, { workJobs: false });
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

/**
 * Runs what is due until nothing is (a timer's texts are sent by the send sweep; saving a connection
 * re-arms by a job); answers how many timer jobs ran.
 */
async function runJobs(): Promise<number> {
  const timers = [ticketTimer as JobDefinition<never>];
  const others = jobDefinitions.filter((j) => j.name !== ticketTimer.name);
  for (let fired = 0; ;) {
    const ran = await runQueuedJobs(s, timers);
    fired += ran;
    if (ran + (await runQueuedJobs(s, others)) + (await runSweeps(s)) === 0) return fired;
  }
}

type Connection = Partial<typeof whatsapps.$inferInsert>;

/** A company with Vendas and Suporte, a Cloud connection with `timers(vendas, suporte)`, and a customer. */
async function scene(timers: (vendas: number, suporte: number) => Connection, options: Record<string, string> = {}) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  for (const [key, value] of Object.entries(options))
    await s.ctx.db
      .update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  const vendas = await buildQueue(s, companyId, { name: "Vendas" });
  const suporte = await buildQueue(s, companyId, { name: "Suporte" });
  const wa = await buildCloudConnection(s, fake, companyId, timers(vendas.id, suporte.id));
  const from = customerNumber();
  const write = async (text: string) => {
    const res = await fake.customerMessage({ phoneNumberId: wa.cloudPhoneNumberId, from, name: "Paulo Lima", text });
    expect(res.status).toBe(200);
  };
  await write("Olá");
  const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId));
  const id = ticket!.id;
  return {
    t,
    vendas,
    suporte,
    from,
    id,
    write,
    row: async () => (await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, id) }))!,
    armed: () => armedTimers(s.ctx.database.raw, id),
    elapse: (minutes: number) => elapse(s.ctx.database.raw, id, minutes),
    put: (body: Record<string, unknown>) =>
      s.request({ method: "PUT", path: `/tickets/${id}`, token: t.admin.token, body }),
    timeline: async () => {
      const res = await s.request({ path: `/tickets/${id}/timeline`, token: t.admin.token });
      return res.json<TicketTimelineDto>().events.map((e) => ({ type: e.type, by: e.userId, queue: e.queueName }));
    },
    texts: () => fake.sent.filter((x) => x.to === from).map((x) => (x.body.text as { body: string }).body),
  };
}

const notice = (queue: string) =>
  `*Mensagem Automática:*\nVocê foi transferido para o departamento *${queue}*, aguarde que já vamos te atender!`;

describe("queue redirection", () => {
  it("moves a queue-less ticket to sendIdQueue once the customer is silent for timeSendQueue minutes; each message re-arms it", async () => {
    const c = await scene((vendas) => ({ sendIdQueue: vendas, timeSendQueue: 5 }));
    expect(await c.armed()).toEqual([{ kind: "queueRedirection", inMinutes: 5 }]);

    await c.elapse(4);
    expect(await runJobs()).toBe(0);
    await c.write("Alguém aí?");
    // Still one waiting job: it keeps its earlier start and, run then, finds the wait longer.
    expect(await c.armed()).toEqual([{ kind: "queueRedirection", inMinutes: 1 }]);
    await c.elapse(1);
    expect(await runJobs()).toBe(1);
    expect(await c.row()).toMatchObject({ status: "pending", queueId: null });
    expect(await c.armed()).toEqual([{ kind: "queueRedirection", inMinutes: 4 }]);

    await c.elapse(4);
    expect(await runJobs()).toBe(1);
    expect(await c.row()).toMatchObject({ status: "pending", queueId: c.vendas.id, userId: null });
    expect(await c.timeline()).toEqual([
      { type: "created", by: null, queue: null },
      { type: "transferred", by: null, queue: "Vendas" },
    ]);
    expect(await c.armed()).toEqual([]);
    await c.elapse(60);
    expect(await runJobs()).toBe(0);
  });

  it("then the automatic transfer moves it on to transferQueueId after timeToTransfer minutes in its queue, with the transfer notices", async () => {
    const c = await scene(
      (vendas, suporte) => ({ sendIdQueue: vendas, timeSendQueue: 2, transferQueueId: suporte, timeToTransfer: 3 }),
      { sendMsgTransfTicket: "enabled" },
    );
    // Both wait from the ticket's creation; the transfer, due later, finds itself due again from the queueing.
    expect(await c.armed()).toEqual([
      { kind: "autoTransfer", inMinutes: 3 },
      { kind: "queueRedirection", inMinutes: 2 },
    ]);
    await c.elapse(2);
    await runJobs();
    expect(await c.row()).toMatchObject({ queueId: c.vendas.id });
    expect(await c.armed()).toEqual([{ kind: "autoTransfer", inMinutes: 1 }]);

    await c.elapse(1);
    await runJobs();
    expect(await c.row()).toMatchObject({ queueId: c.vendas.id });
    await c.elapse(2);
    await runJobs();
    expect(await c.row()).toMatchObject({ status: "pending", queueId: c.suporte.id, userId: null });
    expect((await c.timeline()).map((e) => e.queue)).toEqual([null, "Vendas", "Suporte"]);
    await fake.waitForSent(2, c.from);
    expect(c.texts()).toEqual([notice("Vendas"), notice("Suporte")]);
    expect(await c.armed()).toEqual([]);
  });
});

describe("realtime", () => {
  it("a ticket a timer moves arrives live in its new queue's lists", async () => {
    const c = await scene((vendas) => ({ sendIdQueue: vendas, timeSendQueue: 5 }));
    const agent = await buildUser(s, { companyId: c.t.company.id, queueIds: [c.vendas.id] });
    const socket = await connectSocket(s, (await login(s, agent.email)).token);
    await joinRoom(socket, "joinNotification");
    const events = record<{ action: string; ticket?: { id: number; queueId: number | null } }>(
      socket,
      channels.ticket(c.t.company.id),
    );
    await c.elapse(5);
    await runJobs();
    await flush(s, socket);
    expect(events).toContainEqual(
      expect.objectContaining({
        action: "update",
        ticket: expect.objectContaining({ id: c.id, queueId: c.vendas.id }),
      }),
    );
  });
});

describe("automatic transfer", () => {
  it("is not made once an agent accepts; the ticket returned to its queue waits its full time again", async () => {
    const c = await scene((_vendas, suporte) => ({ transferQueueId: suporte, timeToTransfer: 10 }));
    expect((await c.put({ queueId: c.vendas.id })).statusCode).toBe(200);
    expect(await c.armed()).toEqual([{ kind: "autoTransfer", inMinutes: 10 }]);
    expect((await c.put({ status: "open", userId: c.t.admin.id })).statusCode).toBe(200);

    await c.elapse(15);
    expect(await runJobs()).toBe(1);
    expect(await c.row()).toMatchObject({ status: "open", queueId: c.vendas.id, userId: c.t.admin.id });
    expect(await c.armed()).toEqual([]);

    expect((await c.put({ status: "pending", userId: null })).statusCode).toBe(200);
    expect(await c.armed()).toEqual([{ kind: "autoTransfer", inMinutes: 10 }]);
    await c.elapse(10);
    await runJobs();
    expect(await c.row()).toMatchObject({ status: "pending", queueId: c.suporte.id, userId: null });
    expect((await c.timeline()).map((e) => e.type)).toEqual([
      "created",
      "transferred",
      "accepted",
      "queued",
      "transferred",
    ]);
  });
});

describe("expiry", () => {
  const expiry = { expiresTicket: 30, expiresInactiveMessage: "Encerramos por falta de resposta, {{firstName}}." };
  const expiring = () => scene(() => expiry);

  it("closes an accepted ticket the customer left silent for expiresTicket minutes, with expiresInactiveMessage, once", async () => {
    const c = await expiring();
    expect(await c.armed()).toEqual([]);
    expect((await c.put({ status: "open", userId: c.t.admin.id })).statusCode).toBe(200);
    expect(await c.armed()).toEqual([{ kind: "expiry", inMinutes: 30 }]);

    await c.elapse(20);
    await c.write("Só um momento");
    await c.elapse(15);
    // Due from the accept, but the customer wrote since: still open, due again 30 minutes after that message.
    expect(await runJobs()).toBe(1);
    expect(await c.row()).toMatchObject({ status: "open" });
    expect(await c.armed()).toEqual([{ kind: "expiry", inMinutes: 15 }]);

    await c.elapse(15);
    expect(await runJobs()).toBe(1);
    expect(await c.row()).toMatchObject({ status: "closed", userId: c.t.admin.id });
    expect(await c.timeline()).toContainEqual({ type: "closed", by: null, queue: null });
    await fake.waitForSent(1, c.from);
    expect(c.texts()).toEqual(["Encerramos por falta de resposta, Paulo."]);

    await c.elapse(60);
    expect(await runJobs()).toBe(0);
    expect(c.texts()).toHaveLength(1);
  });

  it("a timer job run twice, even at the same moment by two workers, closes once and sends once", async () => {
    const c = await expiring();
    expect((await c.put({ status: "open", userId: c.t.admin.id })).statusCode).toBe(200);
    await c.elapse(31);
    const data = { companyId: c.t.company.id, ticketId: c.id, kind: "expiry" as const };
    await Promise.all([ticketTimer.run(s.ctx, data), ticketTimer.run(s.ctx, data)]);
    await ticketTimer.run(s.ctx, data);
    await runJobs();

    expect((await c.timeline()).filter((e) => e.type === "closed")).toHaveLength(1);
    const stored = await s.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, c.id), eq(messages.fromMe, true)));
    expect(stored).toHaveLength(1);
    await fake.waitForSent(1, c.from);
    expect(c.texts()).toEqual(["Encerramos por falta de resposta, Paulo."]);
  });

  it("turned on in the connection, it applies to the tickets already open; turned off, their timers do nothing", async () => {
    const c = await scene(() => ({}));
    expect((await c.put({ status: "open", userId: c.t.admin.id })).statusCode).toBe(200);
    const connectionId = (await c.row()).whatsappId!;
    const save = (fields: Record<string, unknown>) =>
      s.request({
        method: "PUT",
        path: `/whatsapp/${connectionId}`,
        token: c.t.admin.token,
        body: { name: "Loja", ...fields },
      });
    await c.elapse(10);
    expect(await c.armed()).toEqual([]);

    expect((await save(expiry)).statusCode).toBe(200);
    await runJobs();
    // 30 minutes from the accept, 10 of which have passed.
    expect(await c.armed()).toEqual([{ kind: "expiry", inMinutes: 20 }]);

    expect((await save({ expiresTicket: 0 })).statusCode).toBe(200);
    await c.elapse(20);
    expect(await runJobs()).toBe(1); // finding nothing to do
    expect(await c.row()).toMatchObject({ status: "open" });
    expect(c.texts()).toEqual([]);
  });

  it("a job whose ticket was deleted ends quietly", async () => {
    const c = await expiring();
    expect((await c.put({ status: "open", userId: c.t.admin.id })).statusCode).toBe(200);
    await c.elapse(31);
    const del = await s.request({ method: "DELETE", path: `/tickets/${c.id}`, token: c.t.admin.token });
    expect(del.statusCode).toBe(204);
    expect(await runJobs()).toBe(1);
    const { rows } = await s.ctx.database.raw.query<{ state: string }>(
      "select state from pgboss.job where name = $1 and (data->>'ticketId')::int = $2",
      [ticketTimer.name, c.id],
    );
    expect(rows).toEqual([{ state: "completed" }]);
    expect(c.texts()).toEqual([]);
  });
});
