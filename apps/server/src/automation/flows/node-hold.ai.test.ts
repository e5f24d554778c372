/**
 * A flow's openai node holding a ticket (issue 18 item 5), as the customer
 * and the agents meet it: the runtime's hand-off (startNodeHold) on the
 * customer's ticket, then the AI answering with the block's settings, the
 * transfer phrase and a failing provider handing the ticket to people, and
 * the node's edits and deletion read at each turn. Voice replies: node-hold.voice.test.ts.
 */
import { promptDefaults, promptTransferPhrase } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flows, messages, ticketNotes } from "../../db/schema/index.js";
import { lockTicket } from "../../modules/tickets/ticket-moves.js";
import { queueTurn } from "../holder-turns.js";
import { startNodeHold } from "./node-hold.js";
import { blockNode, nodeId, nodeScene, storedKey, useNodeWorld } from "../../../test/flow-node-scene.js";
import { until } from "../../../test/sockets.js";

const w = useNodeWorld();

const training = "Você é a atendente virtual da Padaria Pão Quente. Responda em uma frase curta, com simpatia.";
const apiKey = "sk-fluxo-0123456789abcdef";
const id = nodeId("ia");
const openai = (block: Record<string, unknown> = {}) =>
  blockNode(id, "openai", { prompt: training, apiKey: storedKey(apiKey), voice: "texto", ...block });

/** A scene whose customer wrote once (the ticket exists) and whose flow handed the ticket to the node. */
async function heldScene(block: Record<string, unknown> = {}) {
  const c = await nodeScene(w, openai(block));
  await c.says("Oi", 0);
  await until(async () => (await c.ticket()) !== undefined);
  await c.handOff();
  return c;
}

describe("the hand-off to an openai node", () => {
  it("holds the ticket (the bot icon) and the AI answers with the block's prompt, key, model and limits", async () => {
    const c = await heldScene({ model: "gpt-4o-mini", temperature: "0.4", maxTokens: 55, maxMessages: 3 });
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      chatbot: true,
      holdFlowId: c.flow.id,
      holdFlowNodeId: id,
      promptId: null,
    });
    w.ai.reply({ text: "r1" }, { text: "r2" });
    expect(await c.says("Vocês abrem domingo?")).toEqual(["r1"]);
    expect(await c.says("E feriado?")).toEqual(["r2"]);
    const [, second] = w.ai.chats();
    expect(second!.authorization).toBe(`Bearer ${apiKey}`);
    expect(second!.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.4, max_tokens: 55 });
    const [system, ...history] = second!.body!.messages;
    expect(system!.content).toContain(training);
    expect(system!.content).toContain("Paulo Lima");
    // The latest maxMessages (3) messages, oldest first.
    expect(history).toEqual([
      { role: "user", content: "Vocês abrem domingo?" },
      { role: "assistant", content: "r1" },
      { role: "user", content: "E feriado?" },
    ]);
  });

  it("the message that moved the run can be the node's first turn (queueTurn after the hand-off)", async () => {
    const c = await nodeScene(w, openai());
    await c.says("Quero um bolo", 0);
    await until(async () => (await c.ticket()) !== undefined);
    const ticket = await c.ticket();
    const [message] = await w.s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    w.ai.reply({ text: "Temos bolo de fubá!" });
    await w.s.ctx.events.transaction(async (t) => {
      const locked = await lockTicket(t, ticket.companyId, ticket.id);
      await startNodeHold(t, locked!, c.flow.id, openai());
      const ids = { companyId: ticket.companyId, ticketId: ticket.id, messageId: message!.id };
      await queueTurn(t, ids, { kind: "flowNode", flowId: c.flow.id, nodeId: id });
    });
    await w.graph.waitForSent(1, c.customer.from, 10_000);
    expect(c.received().map((r) => (r.body.text as { body: string }).body)).toEqual(["Temos bolo de fubá!"]);
    expect(w.ai.chats()[0]!.body!.messages.slice(1)).toEqual([{ role: "user", content: "Quero um bolo" }]);
  });

  it("without model or baseUrl: the §9 model and defaults, at OPENAI_BASE_URL", async () => {
    const c = await heldScene();
    expect(await c.says("Oi de novo")).toEqual(["Olá! Como posso ajudar?"]);
    expect(w.ai.chats()).toHaveLength(1);
    expect(w.ai.chats()[0]!.body).toMatchObject({
      model: promptDefaults.model,
      temperature: promptDefaults.temperature,
      max_tokens: promptDefaults.maxTokens,
    });
  });

  it("an edited node applies at the next turn", async () => {
    const c = await heldScene();
    await c.editGraph((g) => ({
      ...g,
      nodes: g.nodes.map((n) => (n.id === id ? openai({ prompt: "Agora você vende bolos.", maxTokens: 12 }) : n)),
    }));
    await c.says("Oi?");
    expect(w.ai.chats()[0]!.body!.messages[0]!.content).toContain("Agora você vende bolos.");
    expect(w.ai.chats()[0]!.body!.max_tokens).toBe(12);
  });
});

describe("the node hands the ticket to people", () => {
  it("the transfer phrase: the reply without it, then pending in the block's queue; the AI answers no more", async () => {
    const c = await heldScene();
    await c.editGraph((g) => ({
      ...g,
      nodes: g.nodes.map((n) => (n.id === id ? openai({ queueId: c.vendas.id }) : n)),
    }));
    w.ai.reply({ text: `Vou chamar uma atendente. ${promptTransferPhrase}.` });
    expect(await c.says("Quero falar com uma pessoa")).toEqual(["Vou chamar uma atendente."]);
    await until(async () => (await c.ticket()).queueId === c.vendas.id);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      userId: null,
      chatbot: false,
      holdReleased: true,
      holdFlowId: null,
      holdFlowNodeId: null,
    });
    await c.says("Alô?", 0);
    await c.settle();
    expect(w.ai.chats()).toHaveLength(1);
  });

  it("a provider that refuses (401): pending in the block's queue, with a note saying why", async () => {
    const c = await heldScene();
    await c.editGraph((g) => ({
      ...g,
      nodes: g.nodes.map((n) => (n.id === id ? openai({ queueId: String(c.suporte.id) }) : n)),
    }));
    w.ai.reply({ status: 401, message: "Incorrect API key provided." });
    await c.says("Oi?", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: "pending", queueId: c.suporte.id, chatbot: false, holdFlowNodeId: null });
    const notes = await w.s.ctx.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes.map((n) => n.note)).toEqual([expect.stringContaining("HTTP 401: Incorrect API key provided.")]);
    expect(c.received()).toHaveLength(0);
  });

  it("a queue of another company in the block is not followed: the ticket stays in its own", async () => {
    const other = await nodeScene(w, openai());
    const c = await heldScene();
    await c.editGraph((g) => ({
      ...g,
      nodes: g.nodes.map((n) => (n.id === id ? openai({ queueId: other.vendas.id }) : n)),
    }));
    w.ai.reply({ text: promptTransferPhrase });
    await c.says("Atendente!", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    expect((await c.ticket()).queueId).toBeNull();
  });

  it.each([
    ["node deleted", true],
    ["flow deactivated", false],
  ] as const)("the %s: the next message releases the hold, no AI call", async (_, deleteNode) => {
    const c = await heldScene();
    if (deleteNode) await c.editGraph((g) => ({ ...g, nodes: g.nodes.filter((n) => n.id !== id) }));
    else await w.s.ctx.db.update(flows).set({ active: false }).where(eq(flows.id, c.flow.id));
    await c.says("Oi?", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", chatbot: false, queueId: null, holdFlowNodeId: null });
    await c.settle();
    expect(w.ai.chats()).toHaveLength(0);
    expect(c.received()).toHaveLength(0);
  });

  it("the flow deleted: the hold is released too", async () => {
    const c = await heldScene();
    await w.s.ctx.db.delete(flows).where(eq(flows.id, c.flow.id));
    await c.says("Oi?", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", chatbot: false, holdFlowId: null });
    expect(w.ai.chats()).toHaveLength(0);
  });
});
