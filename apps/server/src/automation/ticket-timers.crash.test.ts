/**
 * Timers across a SIGKILL and across two server processes (issue 11 item 4;
 * the guide's durable-job rule), with real server processes on one
 * PostgreSQL database and the fake Graph API as WhatsApp. An accepted ticket
 * is armed to expire in 30 minutes; time passes with test/timers.ts
 * `elapse` (the ticket's times and its job's start moved back, as a clock
 * moving on would): the customer gets the expiry message once and the
 * timeline has one closed row.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TicketDto, TicketTimelineDto } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { testDatabase } from "../../test/database.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../test/process-api.js";
import { startServerProcess, type ServerProcess } from "../../test/server-process.js";
import { until } from "../../test/sockets.js";
import { armedTimers, duplicateTimerJobs, elapse } from "../../test/timers.js";

const PASSWORD = "TimersSafe123";
const dir = mkdtempSync(path.join(tmpdir(), "balcao-timers-"));
const cloud = { phoneNumberId: "109876543211", accessToken: "EAAGtimers", appSecret: "timers-secret" };
const expiry = { expiresTicket: 30, expiresInactiveMessage: "Encerramos por falta de resposta, {{firstName}}." };

let fake: FakeGraph;
let database: Database;
const running = new Map<string, ServerProcess>();
let connectionId: number;

async function start(name: string): Promise<ProcessSession> {
  const server = await startServerProcess(path.join(dir, name), path.join(dir, `${name}.log`), PASSWORD, {
    WHATSAPP_GRAPH_URL: fake.url,
    JOB_RECOVERY_SECONDS: "1",
    DATABASE_URL: database.url,
  });
  running.set(name, server);
  return signInAdmin(server, PASSWORD);
}

async function kill(name: string) {
  const server = running.get(name)!;
  process.kill(-server.pid, "SIGKILL");
  await server.exited;
  running.delete(name);
}

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.addNumber(cloud);
  database = await testDatabase();
});

afterAll(async () => {
  for (const server of running.values()) {
    process.kill(server.pid, "SIGTERM");
    await server.exited;
  }
  await fake.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A customer writes and the admin accepts: the ticket's expiry is armed 30 minutes on. */
async function acceptedTicket(admin: ProcessSession, from: string, name: string): Promise<number> {
  expect((await fake.customerMessage({ phoneNumberId: cloud.phoneNumberId, from, name, text: "Olá!" })).status).toBe(
    200,
  );
  const list = await admin.call<{ tickets: TicketDto[] }>("GET", "/tickets?status=pending&showAll=true");
  const ticket = list.json.tickets.find((t) => t.contact?.number === from)!;
  expect((await admin.call("PUT", `/tickets/${ticket.id}`, { status: "open", userId: admin.userId })).status).toBe(200);
  expect(await armedTimers(database.raw, ticket.id)).toEqual([{ kind: "expiry", inMinutes: 30 }]);
  return ticket.id;
}

/** Waits for the expiry message and the close, lets any second run have its chance, then counts. */
async function expiredOnce(admin: ProcessSession, ticketId: number, from: string, firstName: string) {
  await fake.waitForSent(1, from, 30_000);
  const timeline = async () =>
    (await admin.call<TicketTimelineDto>("GET", `/tickets/${ticketId}/timeline`)).json.events.map((e) => e.type);
  await until(async () => (await timeline()).includes("closed"), 30_000, 250);
  await new Promise((r) => setTimeout(r, 5000));
  expect(fake.sent.filter((s) => s.to === from).map((s) => (s.body.text as { body: string }).body)).toEqual([
    `Encerramos por falta de resposta, ${firstName}.`,
  ]);
  expect((await timeline()).filter((t) => t === "closed")).toHaveLength(1);
  const ticket = await admin.call<TicketDto>("GET", `/tickets/${ticketId}`);
  expect(ticket.json.status).toBe("closed");
}

describe("ticket timers", () => {
  it("a timer armed before the server is killed fires once after it starts again", async () => {
    const admin = await start("a");
    connectionId = await connectCloud(admin, running.get("a")!, fake, cloud, expiry);
    const from = "5511966665555";
    const ticketId = await acceptedTicket(admin, from, "Carla Nunes");

    await kill("a");
    await elapse(database.raw, ticketId, 31);
    const again = await start("a");
    await expiredOnce(again, ticketId, from, "Carla");
  }, 180_000);

  it("with two server processes on one database, a due timer fires once, even handed out twice", async () => {
    // a as the first test left it running, and a second process beside it; the admin's last sign-in (on a) counts.
    if (!running.has("a")) await start("a");
    await start("b");
    const a = await signInAdmin(running.get("a")!, PASSWORD);
    // The customer's message reaches b, the agent works on a; both work the jobs.
    await fake.subscribe({
      phoneNumberId: cloud.phoneNumberId,
      webhookUrl: `${running.get("b")!.url}/api/webhooks/whatsapp/${connectionId}`,
      appSecret: cloud.appSecret,
    });
    const from = "5511955554444";
    const ticketId = await acceptedTicket(a, from, "Diego Reis");
    // Two copies of the due job, so each process may take one at the same moment.
    await duplicateTimerJobs(database.raw, ticketId);
    await elapse(database.raw, ticketId, 31);
    await expiredOnce(a, ticketId, from, "Diego");
    // Both copies ran (and the second found nothing left to do).
    const { rows } = await database.raw.query(
      "select state from pgboss.job where name = 'ticket-timer' and (data->>'ticketId')::int = $1",
      [ticketId],
    );
    expect(rows).toEqual([{ state: "completed" }, { state: "completed" }]);
  }, 180_000);
});
