/**
 * The AI answering customers (issue 17 items 3–4), as a customer meets it:
 * messages through Meta's signed webhook (the fake Graph API), the AI's
 * provider an OpenAI-compatible fake that records what it was sent; the
 * ticket as agents see it, its notes, and what the customer received.
 */
import {
  channels,
  promptTransferPhrase,
  type ChannelPayloads,
  type PromptDto,
  type QueueDto,
  type TicketNoteDto,
} from "@balcao/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies, messages, settings, ticketNotes, tickets, whatsappQueues } from "../db/schema/index.js";
import { buildCloudConnection, customerNumber } from "../../test/cloud-connection.js";
import { buildTenant } from "../../test/factories.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fake-openai.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createQueue } from "../../test/queues.js";
import { closeAllSockets, connectSocket, joinRoom, record, until } from "../../test/sockets.js";
import { providerTiming } from "./ai-provider.js";

let s: TestServer;
let graph: FakeGraph;
let ai: FakeOpenAi;
const timing = { ...providerTiming, backoffMs: [...providerTiming.backoffMs] };

beforeAll(async () => {
  graph = await startFakeGraph();
  ai = await startFakeOpenAi();
  s = await startTestServer({ WHATSAPP_GRAPH_URL: graph.url, OPENAI_BASE_URL: ai.url });
  // The rule's shape, on a shorter clock: 3 attempts of at most 1.5 s within 5 s.
  Object.assign(providerTiming, { attemptTimeoutMs: 1_500, budgetMs: 5_000, backoffMs: [100, 200] });
});
beforeEach(() => ai.reset());
afterEach(() => closeAllSockets());
afterAll(async () => {
  Object.assign(providerTiming, timing);
  await s?.close();
  await graph?.close();
  await ai?.close();
});

const training = "Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase curta, com simpatia.";
const apiKey = "sk-padaria-0123456789abcdef";

/** A company whose Cloud API connection (or its queue Vendas) has a prompt; a customer who writes. */
async function aiScene(opts: { on: "connection" | "queue"; maxMessages?: number } = { on: "connection" }) {
  const tenant = await buildTenant(s);
  const admin = tenant.admin.token;
  const vendas = (
    await createQueue(s, admin, { name: "Vendas", color: "#00aa00", greetingMessage: "Vendas aqui!" })
  ).json<QueueDto>();
  const created = await s.request({
    method: "POST",
    path: "/prompt",
    token: admin,
    body: {
      name: "Padaria IA",
      prompt: training,
      queueId: vendas.id,
      model: "gpt-4o-mini",
      maxTokens: 77,
      temperature: 0.3,
      maxMessages: opts.maxMessages ?? 10,
      apiKey,
    },
  });
  if (created.statusCode !== 200) throw new Error(`prompt: ${created.body}`);
  const prompt = created.json<PromptDto>();
  const connection = await buildCloudConnection(s, graph, tenant.company.id, {
    greetingMessage: "Olá! Escolha:",
    ...(opts.on === "connection" ? { promptId: prompt.id } : {}),
  });
  if (opts.on === "queue") {
    const suporte = (await createQueue(s, admin, { name: "Suporte", color: "#0000aa" })).json<QueueDto>();
    await s.request({
      method: "PUT",
      path: `/queue/${vendas.id}`,
      token: admin,
      body: { name: "Vendas", color: "#00aa00", greetingMessage: "Vendas aqui!", promptId: prompt.id },
    });
    await s.ctx.db.insert(whatsappQueues).values([
      { whatsappId: connection.id, queueId: vendas.id },
      { whatsappId: connection.id, queueId: suporte.id },
    ]);
  }
  const customer = { from: customerNumber(), name: "Paulo Lima" };
  const received = () =>
    graph.sent.filter((r) => r.to === customer.from).map((r) => (r.body.text as { body: string }).body);
  async function says(text: string, answers = 1): Promise<string[]> {
    const before = received().length;
    const delivery = await graph.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, ...customer, text });
    if (delivery.status !== 200) throw new Error(`webhook answered ${delivery.status}`);
    if (answers > 0) await graph.waitForSent(before + answers, customer.from, 10_000);
    return received().slice(before);
  }
  const ticket = async () =>
    (await s.ctx.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id)).orderBy(asc(tickets.id)))[0]!;
  const notes = async () =>
    (
      await s.request({
        path: `/ticket-notes/list?ticketId=${(await ticket()).id}&contactId=${(await ticket()).contactId}`,
        token: admin,
      })
    ).json<TicketNoteDto[]>();
  /** Waits out the answering: nothing more reaches the provider or the customer. */
  const settle = () => new Promise((r) => setTimeout(r, 1_200));
  return { tenant, vendas, prompt, connection, customer, received, says, ticket, notes, settle };
}

describe("a prompt on the connection", () => {
  it("answers a new customer with the provider's text: model, temperature, max_tokens, the key, the system text", async () => {
    const c = await aiScene();
    ai.reply({ text: "Abrimos domingo das 7h às 12h, Paulo!" });
    expect(await c.says("Oi, vocês abrem domingo?")).toEqual(["Abrimos domingo das 7h às 12h, Paulo!"]);
    const [call] = ai.chats();
    expect(call!.authorization).toBe(`Bearer ${apiKey}`);
    expect(call!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.3, max_tokens: 77 });
    const [system, ...history] = call!.body!.messages;
    expect(system!.role).toBe("system");
    expect(system!.content).toContain(training);
    expect(system!.content).toContain("Paulo Lima");
    expect(system!.content).toContain(promptTransferPhrase);
    expect(history).toEqual([{ role: "user", content: "Oi, vocês abrem domingo?" }]);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      userId: null,
      promptId: c.prompt.id,
      chatbot: true,
      queueId: null,
    });
  });

  it("sends the latest maxMessages messages, oldest first, the customer's as user and ours as assistant", async () => {
    const c = await aiScene({ on: "connection", maxMessages: 4 });
    ai.reply({ text: "r1" }, { text: "r2" }, { text: "r3" });
    await c.says("m1");
    await c.says("m2");
    await c.says("m3");
    const third = ai.chats()[2]!.body!.messages.slice(1);
    expect(third).toEqual([
      { role: "assistant", content: "r1" },
      { role: "user", content: "m2" },
      { role: "assistant", content: "r2" },
      { role: "user", content: "m3" },
    ]);
  });

  it("the transfer phrase: sent without it, the ticket waits in the prompt's queue, and the AI answers it no more", async () => {
    const c = await aiScene();
    ai.reply({ text: `Claro, vou chamar uma atendente. ${promptTransferPhrase}.` });
    expect(await c.says("Quero falar com uma pessoa")).toEqual(["Claro, vou chamar uma atendente."]);
    await until(async () => (await c.ticket()).queueId === c.vendas.id);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      queueId: c.vendas.id,
      promptId: null,
      chatbot: false,
      holdReleased: true,
    });
    expect(await c.says("Alô?", 0)).toEqual([]);
    await c.settle();
    expect(ai.chats()).toHaveLength(1);
    expect(c.received()).toHaveLength(1);
  });

  it("answers out of the company's hours too (the hours are the queue menu's and the agents')", async () => {
    const c = await aiScene();
    await s.ctx.db
      .update(settings)
      .set({ value: "company" })
      .where(and(eq(settings.companyId, c.tenant.company.id), eq(settings.key, "scheduleType")));
    // Monday 00:00–00:00 and no other day: closed all week.
    const closed = [{ weekday: "Segunda-feira", weekdayEn: "monday" as const, startTime: "00:00", endTime: "00:00" }];
    await s.ctx.db.update(companies).set({ schedules: closed }).where(eq(companies.id, c.tenant.company.id));
    ai.reply({ text: "Estamos fechados, mas posso ajudar!" });
    expect(await c.says("Oi?")).toEqual(["Estamos fechados, mas posso ajudar!"]);
  });

  it("an agent accepting the ticket ends the AI's part", async () => {
    const c = await aiScene();
    await c.says("Oi");
    const ticket = await c.ticket();
    const accepted = await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.tenant.admin.token,
      body: { status: "open", userId: c.tenant.admin.id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ status: "open", promptId: null, chatbot: false });
    await c.says("Obrigado", 0);
    await c.settle();
    expect(ai.chats()).toHaveLength(1);
  });
});

describe("a provider that fails", () => {
  it("429 and 500 are tried again: the third attempt's answer reaches the customer", async () => {
    const c = await aiScene();
    ai.reply({ status: 429 }, { status: 500 }, { text: "Agora sim!" });
    expect(await c.says("Oi")).toEqual(["Agora sim!"]);
    expect(ai.chats()).toHaveLength(3);
  });

  it("a refused key (401) is not tried again: the ticket goes to the prompt's queue with a note saying why", async () => {
    const c = await aiScene();
    ai.reply({ status: 401, message: "Incorrect API key provided." });
    await c.says("Oi", 0);
    await until(async () => (await c.ticket()).queueId === c.vendas.id, 8_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", promptId: null, chatbot: false });
    const [note] = await c.notes();
    expect(note!.note).toContain("401");
    expect(note!.note).toContain("Incorrect API key provided.");
    await c.settle();
    expect(ai.chats()).toHaveLength(1);
    expect(c.received()).toEqual([]);
  });

  it("three timeouts: at most 3 attempts, then the ticket waits for people with a note", async () => {
    const c = await aiScene();
    const late = { delayMs: 2_500, then: { text: "tarde demais" } };
    ai.reply(late, late, late, late);
    await c.says("Oi", 0);
    await until(async () => (await c.ticket()).queueId === c.vendas.id, 10_000);
    expect(ai.chats()).toHaveLength(3);
    expect((await c.notes())[0]!.note).toContain("no answer within");
    await c.settle();
    expect(c.received()).toEqual([]);
  });
});

describe("a prompt on a queue", () => {
  it("the queue menu first; once the customer chooses Vendas, its prompt holds the ticket and answers", async () => {
    const c = await aiScene({ on: "queue" });
    const [menu] = await c.says("Oi");
    expect(menu).toContain("Vendas");
    expect(ai.chats()).toHaveLength(0);
    ai.reply({ text: "Em que posso ajudar nas vendas?" });
    const answers = await c.says("1", 2);
    expect(answers).toEqual(["Vendas aqui!", "Em que posso ajudar nas vendas?"]);
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, promptId: c.prompt.id, chatbot: true });
  });
});

describe("voice notes", () => {
  it("a voice note on a ticket the AI answers is transcribed, stored on the message and fed to the AI", async () => {
    const c = await aiScene();
    ai.transcription = { text: "Qual o preço do pão de queijo?" };
    ai.reply({ text: "R$ 2,50 cada!" });
    const before = c.received().length;
    await graph.customerMessage({
      phoneNumberId: c.connection.cloudPhoneNumberId,
      ...c.customer,
      audio: { voice: true },
    });
    await graph.waitForSent(before + 1, c.customer.from, 10_000);
    expect(c.received()).toEqual(["R$ 2,50 cada!"]);
    const [transcription] = ai.transcriptions();
    expect(transcription!.authorization).toBe(`Bearer ${apiKey}`);
    expect(transcription!.fields.model).toBe("whisper-1");
    expect(transcription!.file!.bytes.length).toBeGreaterThan(0);
    expect(ai.chats()[0]!.body!.messages.at(-1)).toEqual({ role: "user", content: "Qual o preço do pão de queijo?" });
    const [audio] = await s.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, (await c.ticket()).id), eq(messages.mediaType, "audio")));
    expect(audio!.transcription).toBe("Qual o preço do pão de queijo?");
  });

  it("'Transcrever': an agent transcribes an audio message of a ticket whose connection has a prompt; no prompt, no transcription", async () => {
    const c = await aiScene();
    ai.transcription = { text: "mensagem de voz" };
    await c.says("Oi");
    const ticket = await c.ticket();
    // Taken by an agent: the AI stops, but the connection's prompt still transcribes for agents.
    await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.tenant.admin.token,
      body: { status: "open", userId: c.tenant.admin.id },
    });
    await graph.customerMessage({ phoneNumberId: c.connection.cloudPhoneNumberId, ...c.customer, audio: {} });
    let audioId = 0;
    await until(async () => {
      const [row] = await s.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.mediaType, "audio")));
      audioId = row?.id ?? 0;
      return audioId > 0 && row!.mediaPath !== null;
    }, 8_000);
    expect(ai.transcriptions()).toHaveLength(0);
    // The agent's open conversation hears the transcript with the message's update.
    const box = await connectSocket(s, c.tenant.admin.token);
    await joinRoom(box, "joinChatBox", ticket.id);
    const updates = record<ChannelPayloads["appMessage"]>(box, channels.appMessage(c.tenant.company.id));
    const res = await s.request({
      method: "POST",
      path: `/messages/${audioId}/transcribe`,
      token: c.tenant.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: audioId, transcription: "mensagem de voz" });
    await until(() => updates.some((e) => e.action === "update" && e.message.transcription === "mensagem de voz"));
    const text = (await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).find(
      (m) => m.mediaType === "chat",
    )!;
    const notAudio = await s.request({
      method: "POST",
      path: `/messages/${text.id}/transcribe`,
      token: c.tenant.admin.token,
    });
    expect(notAudio.json()).toMatchObject({ error: "ERR_TRANSCRIPTION_UNAVAILABLE" });
    // Another company's message does not exist for this one.
    const other = await buildTenant(s);
    const foreign = await s.request({
      method: "POST",
      path: `/messages/${audioId}/transcribe`,
      token: other.admin.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("what the AI leaves alone", () => {
  it("a group is never answered", async () => {
    const c = await aiScene();
    await c.says("Oi");
    await s.ctx.db.update(tickets).set({ isGroup: true }).where(eq(tickets.whatsappId, c.connection.id));
    await c.says("E agora?", 0);
    await c.settle();
    expect(ai.chats()).toHaveLength(1);
    const notes = await s.ctx.db
      .select()
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, (await c.ticket()).id));
    expect(notes).toEqual([]);
  });
});
