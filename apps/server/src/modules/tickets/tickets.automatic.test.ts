/**
 * The messages ticket actions send on their own through the connection
 * (SERVER-BEHAVIOUR "Tickets and messages"): the accept greeting, the
 * transfer notice and the completion message, as WhatsApp (the fake Graph
 * API) receives them; none for groups or with the option off.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, settings, tickets, whatsapps } from "../../db/schema/index.js";
import { buildCloudConnection } from "../../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  s = await startTestServer({ WHATSAPP_GRAPH_URL: fake.url });
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function scene(options: Record<string, string> = {}) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  for (const [key, value] of Object.entries(options)) {
    await s.ctx.db
      .update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  }
  const queue = await buildQueue(s, companyId, { name: "Financeiro" });
  const agent = await buildUser(s, { companyId, queueIds: [queue.id], name: "Marina Souza" });
  const token = (await login(s, agent.email)).token;
  const wa = await buildCloudConnection(s, fake, companyId, {
    complationMessage: "Obrigado, {{firstName}}! Até logo.",
  });
  const contact = await buildContact(s, companyId, { name: "Paulo Lima" });
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: wa.id,
    queueId: queue.id,
    status: "pending",
  });
  return { t, companyId, queue, agent, token, wa, contact, ticket };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const put = (c: Scene, body: Record<string, unknown>, token = c.token) =>
  s.request({ method: "PUT", path: `/tickets/${c.ticket.id}`, token, body });
const textsTo = (c: Scene) =>
  fake.sent.filter((x) => x.to === c.contact.number).map((x) => (x.body.text as { body: string }).body);
/** The texts WhatsApp got once `count` arrived (a job sends them after the action's commit). */
const sentTexts = async (c: Scene, count: number) => {
  await fake.waitForSent(count, c.contact.number);
  return textsTo(c);
};
const automatic = (c: Scene) =>
  s.ctx.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id)).orderBy(messages.id);

describe("automatic messages", () => {
  it("accepting greets the customer by name with the attendant's name when sendGreetingAccepted is enabled", async () => {
    const c = await scene({ sendGreetingAccepted: "enabled" });
    const res = await put(c, { status: "open", userId: c.agent.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lastMessage).toContain("Mensagem Automática");
    expect(await sentTexts(c, 1)).toEqual([
      "*Mensagem Automática:*\nOlá *Paulo Lima*, meu nome é *Marina Souza* e agora vou prosseguir com seu atendimento!",
    ]);
    await until(async () => (await automatic(c))[0]?.ack === 2);
    const [greeting] = await automatic(c);
    expect(greeting).toMatchObject({ fromMe: true, userId: null, ack: 2 });
  });

  it("a greeting queued while its connection is not running waits for it (a restart, a session reconnecting), then goes once", async () => {
    const c = await scene({ sendGreetingAccepted: "enabled" });
    await s.ctx.channels.stop(c.wa.id);
    expect((await put(c, { status: "open", userId: c.agent.id })).statusCode).toBe(200);
    // The sweep looks, finds no running connection, and looks again later: nothing failed meanwhile.
    await until(async () => {
      const { rows } = await s.ctx.database.raw.query(
        "select 1 from message_sends where message_id = $1 and not_before > now()",
        [(await automatic(c))[0]?.id ?? 0],
      );
      return rows.length > 0;
    }, 5000);
    expect(await automatic(c)).toMatchObject([{ ack: 1, sendError: null }]);
    await s.ctx.channels.refresh(c.wa.id);
    // At the sweep's next look (within about 5 s).
    await fake.waitForSent(1, c.contact.number, 20_000);
    await until(async () => (await automatic(c))[0]?.ack === 2, 20_000);
    expect(textsTo(c)).toHaveLength(1);
  }, 30_000);

  it("no greeting with the option off, nor for a group", async () => {
    const off = await scene();
    await put(off, { status: "open", userId: off.agent.id });
    // Stored in the accept's own transaction when sent at all: none is stored, none can follow.
    expect(await automatic(off)).toEqual([]);
    const group = await scene({ sendGreetingAccepted: "enabled" });
    await s.ctx.db.update(whatsapps).set({ complationMessage: "" }).where(eq(whatsapps.id, group.wa.id));
    await s.ctx.db.update(tickets).set({ isGroup: true }).where(eq(tickets.id, group.ticket.id));
    await put(group, { status: "open", userId: group.agent.id });
    expect(await automatic(group)).toEqual([]);
  });

  it("a transfer tells the customer the new queue or attendant when sendMsgTransfTicket is enabled", async () => {
    const c = await scene({ sendMsgTransfTicket: "enabled" });
    const support = await buildQueue(s, c.companyId, { name: "Suporte" });
    const colleague = await buildUser(s, { companyId: c.companyId, queueIds: [support.id], name: "Rui" });
    await put(c, { queueId: support.id, status: "pending", userId: null });
    await put(c, { userId: colleague.id, queueId: support.id }, c.t.admin.token);
    expect(await sentTexts(c, 2)).toEqual([
      "*Mensagem Automática:*\nVocê foi transferido para o departamento *Suporte*, aguarde que já vamos te atender!",
      "*Mensagem Automática:*\nVocê foi transferido para o atendente *Rui*, aguarde que já vamos te atender!",
    ]);
  });

  it("resolving sends the connection's completion message (variables rendered) and closes even when WhatsApp refuses it", async () => {
    const c = await scene();
    await put(c, { status: "open", userId: c.agent.id });
    const res = await put(c, {
      status: "closed",
      userId: c.agent.id,
      queueId: c.queue.id,
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
    expect(res.json().status).toBe("closed");
    expect(await sentTexts(c, 1)).toEqual(["Obrigado, Paulo! Até logo."]);

    const refused = await scene();
    await put(refused, { status: "open", userId: refused.agent.id });
    fake.failNextSend();
    const closed = await put(refused, { status: "closed" });
    expect(closed.json().status).toBe("closed");
    await until(async () => (await automatic(refused))[0]?.sendError !== null);
    const [failed] = await automatic(refused);
    expect(failed).toMatchObject({ body: "Obrigado, Paulo! Até logo.", ack: 1 });
    expect(failed!.sendError).toBeTruthy();
  });

  it("automatic texts go through the message variables: the completion message names the queue, the connection and the closer", async () => {
    const c = await scene();
    await s.ctx.db
      .update(whatsapps)
      .set({
        name: "Loja Centro",
        complationMessage: "{{firstName}}, {{userName}} encerrou ({{queue}}, {{connection}}) {{x}}",
      })
      .where(eq(whatsapps.id, c.wa.id));
    // Resolved straight from pending: nobody held it, the agent closing it is the attendant.
    const res = await put(c, { status: "closed" });
    expect(res.json().status).toBe("closed");
    expect(await sentTexts(c, 1)).toEqual(["Paulo, Marina Souza encerrou (Financeiro, Loja Centro) {{x}}"]);
  });
});
