/**
 * A switched-off or expired company sends nothing (issue 29 item 6), through
 * the real webhook, HTTP API, pg-boss workers and the fake Graph API: its due
 * work is kept (paused_jobs), its Cloud API connection stops, and when it may
 * work again (switched on, its due date moved) what was due goes out once.
 * The AI: paused-company.ai.test.ts; Typebot and webhooks: paused-company.integrations.test.ts.
 */
import type { ScheduleDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botScene } from "../../../test/bot-scene.js";
import { dispatchWorld, reachStatus, startNow, textsTo } from "../../../test/campaign-dispatch.js";
import { buildCloudConnection, cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import {
  connectionState,
  keptJobs,
  letDueDatePass,
  pause,
  renew,
  superUserSees,
  switchOff,
  switchOn,
  untilKept,
} from "../../../test/company-pause.js";
import { buildBillingTenant } from "../../../test/billing.js";
import { buildContact } from "../../../test/conversations.js";
import { buildQueue, buildTenant, login } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { elapse } from "../../../test/timers.js";
import { chain, flowScene, interval, message } from "../../../test/flow-run-scene.js";
import { channelHandlers } from "../../channel-handlers.js";
import { ChannelManager } from "../../channels/manager.js";
import { schedules, settings, tickets } from "../../db/schema/index.js";
import { payInvoice } from "../billing/confirm-payment.js";
import { mayWork } from "./subscription.js";

let s: TestServer;
let fake: FakeGraph;
// The minute's look at the companies (connections follow them) every 200 ms here.
cloudServerPerFile((started) => ({ s, fake } = started), { companySweepMs: 200 });

const sentTo = (number: string) => fake.sent.filter((x) => x.to === number);
const stopped = (whatsappId: number) =>
  until(async () => {
    const state = await connectionState(s, whatsappId);
    return state.status === "DISCONNECTED" && !state.running;
  }, 10_000);
const runningAgain = (whatsappId: number) =>
  until(async () => {
    const state = await connectionState(s, whatsappId);
    return state.status === "CONNECTED" && state.running;
  }, 10_000);

describe("connections", () => {
  it("of a switched-off company are not started at boot; switched on, they start", async () => {
    const on = await buildTenant(s);
    const off = await buildTenant(s);
    const running = await buildCloudConnection(s, fake, on.company.id);
    const stoppedOne = await buildCloudConnection(s, fake, off.company.id);
    await switchOff(s, off.company.id);
    await stopped(stoppedOne.id);
    // A server starting now (as server.ts makes its manager).
    const boot = new ChannelManager({ handlers: channelHandlers, companyMayWork: mayWork });
    await boot.startAll(s.ctx);
    try {
      expect(boot.sender(running.id)).toBeDefined();
      expect(boot.sender(stoppedOne.id)).toBeUndefined();
      await switchOn(s, off.company.id);
      await boot.followCompanies();
      expect(boot.sender(stoppedOne.id)).toBeDefined();
    } finally {
      await boot.stopAll();
    }
  });
});

describe("a schedule", () => {
  it("due while its company is switched off is kept and the connection stops; switched on, it goes once, marked late", async () => {
    const t = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
    const contact = await buildContact(s, t.company.id, { name: "Maria Souza", number: customerNumber() });
    const body = { body: "Sua consulta é amanhã", contactId: contact.id, sentAt: "", userId: 1 };
    const sendAt = new Date(Date.now() + 1_500).toISOString();
    const created = await s.request({
      method: "POST",
      path: "/schedules",
      token: t.agent.token,
      body: { ...body, sendAt },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<ScheduleDto>().id;

    await switchOff(s, t.company.id);
    await stopped(connection.id);
    await untilKept(s, t.company.id, "send-schedule");
    await pause(1_000);
    expect(sentTo(contact.number)).toEqual([]);
    expect((await s.ctx.db.select().from(schedules).where(eq(schedules.id, id)))[0]).toMatchObject({
      status: "PENDENTE",
      messageId: null,
    });
    // The super user's companies list shows what waits for it.
    expect(await superUserSees(s, t.company.id)).toMatchObject({ status: false, pausedWork: 1 });

    // The company stayed off for two hours.
    await s.ctx.db
      .update(schedules)
      .set({ sendAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(schedules.id, id));
    await switchOn(s, t.company.id);
    await runningAgain(connection.id);
    await fake.waitForSent(1, contact.number, 10_000);
    const token = (await login(s, t.agent.email)).token;
    await until(async () => (await s.request({ path: `/schedules/${id}`, token })).json<ScheduleDto>().late, 5_000);
    expect((await s.request({ path: `/schedules/${id}`, token })).json<ScheduleDto>()).toMatchObject({
      status: "ENVIADA",
      late: true,
    });
    await pause(1_500);
    expect(sentTo(contact.number)).toHaveLength(1);
    expect(await keptJobs(s, t.company.id)).toEqual([]);
    expect(await superUserSees(s, t.company.id)).toMatchObject({ status: true, pausedWork: 0 });
  });

  it("sent at its time is not late", async () => {
    const t = await buildTenant(s);
    await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
    const contact = await buildContact(s, t.company.id, { name: "Maria Souza", number: customerNumber() });
    const sendAt = new Date().toISOString();
    const body = { body: "Sua consulta é amanhã", contactId: contact.id, sendAt, sentAt: "", userId: 1 };
    const id = (await s.request({ method: "POST", path: "/schedules", token: t.agent.token, body })).json<ScheduleDto>()
      .id;
    await fake.waitForSent(1, contact.number, 10_000);
    await until(
      async () =>
        (await s.request({ path: `/schedules/${id}`, token: t.agent.token })).json<ScheduleDto>().status === "ENVIADA",
      5_000,
    );
    expect((await s.request({ path: `/schedules/${id}`, token: t.agent.token })).json<ScheduleDto>().late).toBe(false);
  });

  it("due after its company's due date passed is kept; the invoice paid, it goes once", async () => {
    const t = await buildBillingTenant(s);
    await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
    const contact = await buildContact(s, t.company.id, { name: "Maria Souza", number: customerNumber() });
    const sendAt = new Date(Date.now() + 1_500).toISOString();
    const body = { body: "Sua consulta é amanhã", contactId: contact.id, sendAt, sentAt: "", userId: 1 };
    const created = await s.request({ method: "POST", path: "/schedules", token: t.agent.token, body });
    expect(created.statusCode, created.body).toBe(200);
    await letDueDatePass(s, t.company.id);
    await untilKept(s, t.company.id, "send-schedule");
    await pause(1_000);
    expect(sentTo(contact.number)).toEqual([]);

    // What the payment provider's confirmation does (confirm-payment.ts).
    expect(await payInvoice(s.ctx, t.invoice.id, new Date().toISOString().slice(0, 10))).toBeTruthy();
    await fake.waitForSent(1, contact.number, 10_000);
    await pause(1_500);
    expect(sentTo(contact.number)).toHaveLength(1);
  });
});

describe("the queue bot", () => {
  it("keeps its answer to a customer of a company whose due date passed unnoticed; renewed, it goes once", async () => {
    const b = await botScene(s, fake);
    await letDueDatePass(s, b.companyId);
    // Nobody edited the company: the periodic look stops its connection.
    await stopped(b.connection.id);
    await b.says("Oi", 0);
    // Kept: the super user's companies list shows it waiting.
    await until(async () => (await superUserSees(s, b.companyId)).pausedWork === 1, 10_000, 100);
    await pause(1_000);
    expect(b.textsSent()).toEqual([]);

    await renew(s, b.companyId);
    await runningAgain(b.connection.id);
    await fake.waitForSent(1, b.customer.from, 10_000);
    await pause(1_500);
    expect(b.textsSent()).toHaveLength(1);
    expect(b.textsSent()[0]).toContain("Escolha um setor");
    expect(await superUserSees(s, b.companyId)).toMatchObject({ pausedWork: 0 });
  });
});

describe("a campaign", () => {
  it("scheduled to start while its company is switched off waits; switched on, it is sent to each number once", async () => {
    const w = await dispatchWorld(s, fake, 2);
    const scheduledAt = new Date(Date.now() + 1_500).toISOString();
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Promoção, {nome}", scheduledAt });
    await switchOff(s, w.t.company.id);
    await untilKept(s, w.t.company.id, "start-campaign");
    await pause(1_000);
    expect(w.numbers.flatMap((n) => textsTo(fake, n))).toEqual([]);

    await switchOn(s, w.t.company.id);
    const token = (await login(s, w.t.agent.email)).token;
    await reachStatus(s, token, campaign.id, "FINALIZADA");
    expect(w.numbers.map((n) => textsTo(fake, n).length)).toEqual([1, 1]);
  });

  it("running when its company is switched off stops between sends; switched on, the rest goes, each once", async () => {
    const w = await dispatchWorld(s, fake, 2, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Promoção, {nome}" });
    await fake.waitForSent(1, w.numbers[0], 10_000);
    await switchOff(s, w.t.company.id);
    await untilKept(s, w.t.company.id, "dispatch-campaign", 15_000);
    await pause(5_500);
    expect(w.numbers.map((n) => textsTo(fake, n).length)).toEqual([1, 0]);

    await switchOn(s, w.t.company.id);
    const token = (await login(s, w.t.agent.email)).token;
    await reachStatus(s, token, campaign.id, "FINALIZADA");
    expect(w.numbers.map((n) => textsTo(fake, n).length)).toEqual([1, 1]);
  }, 60_000);
});

describe("a ticket's timer", () => {
  it("due while its company is switched off is kept; switched on, it moves the ticket and its notice goes once", async () => {
    const t = await buildTenant(s);
    const vendas = await buildQueue(s, t.company.id, { name: "Vendas" });
    await s.ctx.db
      .update(settings)
      .set({ value: "enabled" })
      .where(and(eq(settings.companyId, t.company.id), eq(settings.key, "sendMsgTransfTicket")));
    const connection = await buildCloudConnection(s, fake, t.company.id, { sendIdQueue: vendas.id, timeSendQueue: 5 });
    const from = customerNumber();
    const res = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from,
      name: "Paulo",
      text: "Olá",
    });
    expect(res.status).toBe(200);
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, t.company.id));

    await switchOff(s, t.company.id);
    await elapse(s.ctx.database.raw, ticket!.id, 5);
    await untilKept(s, t.company.id, "ticket-timer");
    await pause(1_000);
    expect(sentTo(from)).toEqual([]);
    expect((await s.ctx.db.select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]?.queueId).toBeNull();

    await switchOn(s, t.company.id);
    await fake.waitForSent(1, from, 10_000);
    await pause(1_500);
    expect(sentTo(from)).toHaveLength(1);
    expect((await s.ctx.db.select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]?.queueId).toBe(vendas.id);
  });
});

describe("a flow", () => {
  it("waiting in an interval when its company is switched off keeps its next step; switched on, it goes once", async () => {
    const c = await flowScene(s, fake);
    await c.campaign(await c.flow(chain([message("a", "um"), interval("w", 2), message("b", "dois")])), "pausa");
    expect(await c.says("pausa")).toEqual(["um"]);
    await switchOff(s, c.companyId);
    await untilKept(s, c.companyId, "flow-step");
    await pause(1_000);
    expect(c.textsSent()).toEqual(["um"]);

    await switchOn(s, c.companyId);
    await fake.waitForSent(2, c.customer.from, 10_000);
    await pause(1_500);
    expect(c.textsSent()).toEqual(["um", "dois"]);
  });
});
