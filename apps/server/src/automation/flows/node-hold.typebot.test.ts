/**
 * A flow's typebot node holding a ticket (issue 18 item 5): after the
 * runtime's hand-off (startNodeHold), the customer talks to a Typebot
 * session run with the block's fields (the fake speaks Typebot's chat API),
 * the session keyed on the node; the finish keyword leaves the ticket
 * pending in its queue; a deleted node releases the hold.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { integrationSessions } from "../../db/schema/index.js";
import { blockNode, nodeId, nodeScene, useNodeWorld } from "../../../test/flow-node-scene.js";
import { paragraph, textBubble } from "../../../test/fake-typebot.js";
import { until } from "../../../test/sockets.js";

const w = useNodeWorld();

const id = nodeId("tb");
let slugs = 0;
function publishBot(): string {
  const slug = `fluxo-bot-${++slugs}`;
  w.typebot.publish(slug, [
    { messages: [textBubble(paragraph({ text: "Olá! Quer ver o cardápio?" }))], input: ["Sim", "Não"] },
    { messages: [textBubble(paragraph({ text: "Pães, bolos e cafés." }))], input: "text" },
    { messages: [textBubble(paragraph({ text: "Até logo!" }))] },
  ]);
  return slug;
}

const typebotBlock = (slug: string, extra: Record<string, unknown> = {}) =>
  blockNode(id, "typebot", {
    urlN8N: w.typebot.url,
    typebotSlug: slug,
    typebotExpires: "10",
    typebotDelayMessage: "0",
    typebotKeywordFinish: "#sair",
    typebotKeywordRestart: "#reiniciar",
    typebotRestartMessage: "Vamos recomeçar.",
    typebotUnknownMessage: "Não entendi.",
    ...extra,
  });

async function heldScene(slug: string, extra: Record<string, unknown> = {}) {
  const c = await nodeScene(w, typebotBlock(slug, extra));
  await c.says("Oi", 0);
  await until(async () => (await c.ticket()) !== undefined);
  await c.handOff();
  return c;
}

describe("the hand-off to a typebot node", () => {
  it("the customer talks to the block's Typebot: a chat started with the contact, continued on its session", async () => {
    const slug = publishBot();
    const c = await heldScene(slug);
    expect(await c.ticket()).toMatchObject({ chatbot: true, holdFlowNodeId: id, integrationId: null });
    expect(await c.says("Bom dia", 2)).toEqual(["Olá! Quer ver o cardápio?", "*1* - Sim\n*2* - Não"]);
    const start = w.typebot.calls.find((call) => call.slug === slug)!;
    expect(start).toMatchObject({ kind: "startChat", body: { prefilledVariables: { number: c.customer.from } } });
    expect(await c.says("1")).toEqual(["Pães, bolos e cafés."]);
    const [session] = await w.s.ctx.db
      .select()
      .from(integrationSessions)
      .where(eq(integrationSessions.ticketId, (await c.ticket()).id));
    expect(session).toMatchObject({ integrationId: null, flowId: c.flow.id, flowNodeId: id });
    const continued = w.typebot.calls.filter((call) => call.sessionId === session!.sessionId);
    expect(continued.map((call) => call.body.message)).toEqual([{ type: "text", text: "Sim" }]);
  });

  it("the finish keyword: pending in the ticket's queue, Typebot hears no more", async () => {
    const slug = publishBot();
    const c = await heldScene(slug);
    await c.says("Oi", 2);
    const calls = w.typebot.calls.length;
    await c.says("#SAIR", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      userId: null,
      queueId: null,
      chatbot: false,
      holdFlowId: null,
      holdFlowNodeId: null,
    });
    await c.says("alô?", 0);
    await c.settle();
    expect(w.typebot.calls.length).toBe(calls);
  });

  it("the node deleted from the flow: the next message releases the hold, Typebot never called", async () => {
    const slug = publishBot();
    const c = await heldScene(slug);
    await c.editGraph((g) => ({ ...g, nodes: g.nodes.filter((n) => n.id !== id) }));
    await c.says("Oi", 0);
    await until(async () => (await c.ticket()).holdReleased, 10_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", chatbot: false, holdFlowNodeId: null });
    await c.settle();
    expect(w.typebot.calls.filter((call) => call.slug === slug)).toHaveLength(0);
    expect(c.received()).toHaveLength(0);
  });
});
