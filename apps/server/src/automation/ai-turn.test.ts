/**
 * The AI answering customers (issue 17 items 3–4), as a customer meets it (test/ai-scene.ts):
 * the ticket as agents see it, its notes, and what the customer received. Provider failures
 * and voice notes have files of their own.
 */
import { promptTransferPhrase } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, settings, ticketNotes, tickets } from "../db/schema/index.js";
import { aiScene, apiKey, training, useAiWorld } from "../../test/ai-scene.js";
import { until } from "../../test/sockets.js";

const w = useAiWorld();

describe("a prompt on the connection", () => {
  it("answers a new customer with the provider's text: model, temperature, max_tokens, the key, the system text", async () => {
    const c = await aiScene(w);
    w.ai.reply({ text: "Abrimos domingo das 7h às 12h, Paulo!" });
    expect(await c.says("Oi, vocês abrem domingo?")).toEqual(["Abrimos domingo das 7h às 12h, Paulo!"]);
    const [call] = w.ai.chats();
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
    const c = await aiScene(w, { on: "connection", maxMessages: 4 });
    w.ai.reply({ text: "r1" }, { text: "r2" }, { text: "r3" });
    await c.says("m1");
    await c.says("m2");
    await c.says("m3");
    const third = w.ai.chats()[2]!.body!.messages.slice(1);
    expect(third).toEqual([
      { role: "assistant", content: "r1" },
      { role: "user", content: "m2" },
      { role: "assistant", content: "r2" },
      { role: "user", content: "m3" },
    ]);
  });

  it("the transfer phrase: sent without it, the ticket waits in the prompt's queue, and the AI answers it no more", async () => {
    const c = await aiScene(w);
    w.ai.reply({ text: `Claro, vou chamar uma atendente. ${promptTransferPhrase}.` });
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
    expect(w.ai.chats()).toHaveLength(1);
    expect(c.received()).toHaveLength(1);
  });

  it("answers out of the company's hours too (the hours are the queue menu's and the agents')", async () => {
    const c = await aiScene(w);
    await w.s.ctx.db
      .update(settings)
      .set({ value: "company" })
      .where(and(eq(settings.companyId, c.tenant.company.id), eq(settings.key, "scheduleType")));
    // Monday 00:00–00:00 and no other day: closed all week.
    const closed = [{ weekday: "Segunda-feira", weekdayEn: "monday" as const, startTime: "00:00", endTime: "00:00" }];
    await w.s.ctx.db.update(companies).set({ schedules: closed }).where(eq(companies.id, c.tenant.company.id));
    w.ai.reply({ text: "Estamos fechados, mas posso ajudar!" });
    expect(await c.says("Oi?")).toEqual(["Estamos fechados, mas posso ajudar!"]);
  });

  it("an agent accepting the ticket ends the AI's part", async () => {
    const c = await aiScene(w);
    await c.says("Oi");
    const ticket = await c.ticket();
    const accepted = await w.s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.tenant.admin.token,
      body: { status: "open", userId: c.tenant.admin.id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ status: "open", promptId: null, chatbot: false });
    await c.says("Obrigado", 0);
    await c.settle();
    expect(w.ai.chats()).toHaveLength(1);
  });
});

describe("a prompt on a queue", () => {
  it("the queue menu first; once the customer chooses Vendas, its prompt holds the ticket and answers", async () => {
    const c = await aiScene(w, { on: "queue" });
    const [menu] = await c.says("Oi");
    expect(menu).toContain("Vendas");
    expect(w.ai.chats()).toHaveLength(0);
    w.ai.reply({ text: "Em que posso ajudar nas vendas?" });
    const answers = await c.says("1", 2);
    expect(answers).toEqual(["Vendas aqui!", "Em que posso ajudar nas vendas?"]);
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, promptId: c.prompt.id, chatbot: true });
  });
});

describe("what the AI leaves alone", () => {
  it("a group is never answered", async () => {
    const c = await aiScene(w);
    await c.says("Oi");
    await w.s.ctx.db.update(tickets).set({ isGroup: true }).where(eq(tickets.whatsappId, c.connection.id));
    await c.says("E agora?", 0);
    await c.settle();
    expect(w.ai.chats()).toHaveLength(1);
    const notes = await w.s.ctx.db
      .select()
      .from(ticketNotes)
      .where(eq(ticketNotes.ticketId, (await c.ticket()).id));
    expect(notes).toEqual([]);
  });
});
