/**
 * The queue bot as a customer meets it (issue 11 items 2–3): messages
 * through Meta's signed webhook, answers as the fake Graph API receives
 * them, the ticket as agents see it, and its timeline.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, queueOptions, tickets } from "../db/schema/index.js";
import { botScene } from "../../test/bot-scene.js";
import { internetLevel, queueMenu as menu, suporteRoot } from "../../test/bot-texts.js";
import { cloudServerPerFile } from "../../test/cloud-connection.js";
import type { FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { connectSocket, flush, joinRoom, record, until } from "../../test/sockets.js";
import { buildUser, login } from "../../test/factories.js";
import { channels } from "@balcao/contracts";
import { answerMessage } from "./answer-inbound.job.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const timelineOf = async (token: string, ticketId: number) =>
  (await s.request({ method: "GET", path: `/tickets/${ticketId}/timeline`, token }))
    .json<{ events: { type: string; queueName: string | null; userName: string | null }[] }>()
    .events.map((e) => [e.type, e.queueName]);

describe("the queue menu", () => {
  it("greets a new customer with the numbered menu, walks Suporte's options and hands the ticket to its agents at a leaf", async () => {
    const c = await botScene(s, fake);
    expect(await c.says("Oi")).toEqual([menu]);
    expect(await c.ticket()).toMatchObject({ status: "pending", queueId: null, chatbot: true });
    // Not an option: the menu again.
    expect(await c.says("quero ajuda")).toEqual([menu]);

    expect(await c.says("2")).toEqual([suporteRoot]);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues.suporte, chatbot: true });
    expect(await c.says("1")).toEqual([internetLevel]);
    expect(await c.says("0")).toEqual([suporteRoot]);
    expect(await c.says("1")).toEqual([internetLevel]);
    expect(await c.says("1")).toEqual(["Reinicie o roteador, Paulo."]);

    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: "pending", queueId: c.queues.suporte, chatbot: false, userId: null });
    expect((await c.agentSees()).map((t) => t.id)).toContain(ticket.id);
    expect(await timelineOf(c.tenant.admin.token, ticket.id)).toEqual([
      ["created", null],
      ["bot", null],
      ["bot", "Suporte"],
      ["queued", "Suporte"],
    ]);
    // Handed over: the bot says nothing more.
    expect(await c.says("alô?", 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(c.textsSent()).toHaveLength(7);
  });

  it('"#" goes back to the queue menu, Vendas (no options) takes the ticket with its greeting, "sair" closes with the completion message', async () => {
    const c = await botScene(s, fake);
    await c.says("Oi");
    await c.says("2");
    expect(await c.says("#")).toEqual([menu]);
    expect(await c.ticket()).toMatchObject({ queueId: null, chatbot: true });
    expect(await c.says("1")).toEqual(["Bem-vindo a Vendas, Paulo!"]);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues.vendas, chatbot: false, status: "pending" });

    const other = await botScene(s, fake);
    await other.says("Oi");
    expect(await other.says("SAIR")).toEqual(["Atendimento encerrado. Até logo!"]);
    const closed = await other.ticket();
    expect(closed).toMatchObject({ status: "closed", chatbot: false, userId: null });
    expect(closed.closedAt).not.toBeNull();
  });

  it("a connection with one queue assigns it without a word, or with its greeting under sendGreetingMessageOneQueues", async () => {
    const quiet = await botScene(s, fake, { oneQueue: true });
    expect(await quiet.says("Oi", 0)).toEqual([]);
    await until(async () => (await quiet.ticket()).queueId === quiet.queues.vendas, 5000);
    expect(quiet.textsSent()).toEqual([]);

    const greeting = await botScene(s, fake, { oneQueue: true, settings: { sendGreetingMessageOneQueues: "enabled" } });
    expect(await greeting.says("Oi")).toEqual(["Bem-vindo a Vendas, Paulo!"]);
    expect(await greeting.ticket()).toMatchObject({ queueId: greeting.queues.vendas, chatbot: false });
  });

  it("an option deleted while the customer is inside it leaves them at the queue's root options", async () => {
    // No bot limit: the default (3 answers) would hold back the repeated options here.
    const c = await botScene(s, fake, { connection: { maxUseBotQueues: 0 } });
    await c.says("Oi");
    await c.says("2");
    await c.says("1");
    await s.ctx.db.delete(queueOptions).where(eq(queueOptions.id, c.options.internet));
    // "1" was Lenta inside Internet; at the root it is no option (Boleto keeps its number 2).
    expect(await c.says("1")).toEqual(["Suporte técnico\n\n*[ 2 ]* - Boleto\n\n*[ # ]* - Menu inicial"]);
    expect(await c.says("2")).toEqual(["Enviaremos o boleto."]);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues.suporte, chatbot: false, queueOptionId: null });
  });
});

describe("agents, live", () => {
  it("the ticket reaches the chosen queue's agents over the socket as soon as the bot queues it, and no one else's", async () => {
    const c = await botScene(s, fake);
    const vendasAgent = await buildUser(s, { companyId: c.companyId, queueIds: [c.queues.vendas] });
    const suporteSocket = await connectSocket(s, c.agent.token);
    const vendasSocket = await connectSocket(s, (await login(s, vendasAgent.email)).token);
    for (const socket of [suporteSocket, vendasSocket]) await joinRoom(socket, "joinTickets", "pending");
    const toSuporte = record<{ action: string; ticket?: { id: number; queueId: number | null } }>(
      suporteSocket,
      channels.ticket(c.companyId),
    );
    const toVendas = record<{ action: string; ticket?: { id: number } }>(vendasSocket, channels.ticket(c.companyId));
    await c.says("Oi");
    await c.says("2");
    await c.says("2");
    const ticket = await c.ticket();
    await until(() => toSuporte.some((e) => e.action === "update" && e.ticket?.queueId === c.queues.suporte));
    await flush(s, vendasSocket);
    expect(toVendas.filter((e) => e.ticket?.id === ticket.id)).toEqual([]);
  });
});

describe("bot limits", () => {
  it("after maxUseBotQueues answers a reply that is no option gets no menu; a valid choice is still answered", async () => {
    const c = await botScene(s, fake, { connection: { maxUseBotQueues: 2 } });
    await c.says("Oi");
    expect(await c.says("??")).toEqual([menu]);
    expect(await c.says("???", 0)).toEqual([]);
    expect(await c.says("1")).toEqual(["Bem-vindo a Vendas, Paulo!"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(c.textsSent()).toHaveLength(3);
  });
});

describe("what the bot leaves alone", () => {
  it("a ticket an agent holds, and a group", async () => {
    const c = await botScene(s, fake);
    await c.says("Oi");
    const ticket = await c.ticket();
    await s.ctx.db.update(tickets).set({ status: "open", userId: c.agent.id }).where(eq(tickets.id, ticket.id));
    expect(await c.says("2", 0)).toEqual([]);
    // Not even a job: a message to an attended ticket is none of automation's business.
    const [reply] = (await c.storedMessages()).filter((m) => !m.fromMe && m.body === "2");
    const { rows: jobs } = await s.ctx.database.raw.query(
      "select id from pgboss.job where name = 'answer-inbound' and (data->>'messageId')::int = $1",
      [reply!.id],
    );
    expect(jobs).toEqual([]);

    const group = await botScene(s, fake);
    await group.says("Oi");
    await s.ctx.db.update(tickets).set({ isGroup: true }).where(eq(tickets.whatsappId, group.connection.id));
    expect(await group.says("1", 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(group.textsSent()).toEqual([menu]);
    expect(c.textsSent()).toEqual([menu]);
  });
});

describe("an agent taking over", () => {
  it("accepting a ticket the bot holds ends the bot's part: no more menus", async () => {
    const c = await botScene(s, fake);
    await c.says("Oi");
    await c.says("2");
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ chatbot: true, queueId: c.queues.suporte });
    const accepted = await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.agent.token,
      body: { status: "open", userId: c.agent.id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ status: "open", chatbot: false, queueOptionId: null });
    expect(await c.says("1", 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(c.textsSent()).toHaveLength(2);
  });
});

describe("unread while the bot answers", () => {
  it("the customer's messages stay unread through the bot's answers, in the list and the bell, until an agent opens the ticket", async () => {
    const c = await botScene(s, fake);
    await c.says("Oi");
    await c.says("2");
    await c.says("1");
    expect(await c.says("1")).toEqual(["Reinicie o roteador, Paulo."]);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: "pending", queueId: c.queues.suporte, unreadMessages: 4 });
    expect((await c.agentSees()).find((t) => t.id === ticket.id)).toMatchObject({ unreadMessages: 4 });
    const bell = await s.request({
      method: "GET",
      path: "/tickets?withUnreadMessages=true&showAll=false&pageNumber=1",
      token: c.agent.token,
    });
    expect(bell.json<{ tickets: { id: number }[] }>().tickets.map((t) => t.id)).toContain(ticket.id);

    // The agent accepts and opens it: now it is read.
    const accepted = await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.agent.token,
      body: { status: "open", userId: c.agent.id },
    });
    expect(accepted.statusCode).toBe(200);
    await s.request({ method: "GET", path: `/messages/${ticket.id}?pageNumber=1`, token: c.agent.token });
    expect(await c.ticket()).toMatchObject({ unreadMessages: 0 });
  });
});

describe("business hours", () => {
  // Monday 00:00–00:00 and no other day: closed all week.
  const closedAllWeek = [
    { weekday: "Segunda-feira", weekdayEn: "monday" as const, startTime: "00:00", endTime: "00:00" },
  ];

  it("outside the company's hours: the connection's out-of-hours message once, the ticket left pending", async () => {
    const c = await botScene(s, fake, {
      settings: { scheduleType: "company" },
      connection: { outOfHoursMessage: "Estamos fechados, {{firstName}}." },
    });
    await s.ctx.db.update(companies).set({ schedules: closedAllWeek }).where(eq(companies.id, c.companyId));
    expect(await c.says("Oi")).toEqual(["Estamos fechados, Paulo."]);
    expect(await c.says("Alguém?", 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(c.textsSent()).toHaveLength(1);
    expect(await c.ticket()).toMatchObject({ status: "pending", queueId: null });
  });
});

describe("the answering job", () => {
  it("run again for the same message (a retry after a crash) answers nothing more; a job whose ticket is gone ends quietly", async () => {
    const c = await botScene(s, fake);
    await c.says("Oi");
    const ticket = await c.ticket();
    const [message] = (await c.storedMessages()).filter((m) => !m.fromMe);
    const data = { companyId: c.companyId, ticketId: ticket.id, messageId: message!.id };
    await answerMessage(s.ctx, data);
    await new Promise((r) => setTimeout(r, 500));
    expect(c.textsSent()).toEqual([menu]);
    expect((await c.storedMessages()).filter((m) => m.fromMe)).toHaveLength(1);

    await s.ctx.db.delete(tickets).where(eq(tickets.id, ticket.id));
    await expect(answerMessage(s.ctx, data)).resolves.toBeUndefined();
  });
});
