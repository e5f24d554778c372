/**
 * An admin changing the flow whose openai node holds a ticket (issue 18 item
 * 5), through the builder's routes: switching the flow off, deleting it, or
 * saving it without the node hands the ticket to people at once (pending in
 * its queue, no bot icon) — the customer's next message finds no node; a
 * save that keeps the node keeps the hold.
 */
import { describe, expect, it } from "vitest";
import { blockNode, nodeId, nodeScene, storedKey, useNodeWorld } from "../../../test/flow-node-scene.js";
import { until } from "../../../test/sockets.js";

const w = useNodeWorld();

const id = nodeId("edit");
const start = { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } };
const openai = () =>
  blockNode(id, "openai", { prompt: "Você é a atendente da padaria.", apiKey: storedKey("sk-x"), voice: "texto" });

async function heldScene() {
  const c = await nodeScene(w, openai());
  await c.says("Oi", 0);
  await until(async () => (await c.ticket()) !== undefined);
  await c.handOff();
  const admin = c.tenant.admin.token;
  const save = (nodes: unknown[]) =>
    w.s.request({
      method: "POST",
      path: "/flowbuilder/flow",
      token: admin,
      body: { idFlow: c.flow.id, nodes, connections: [] },
    });
  return { ...c, admin, save };
}

const released = { status: "pending", chatbot: false, holdReleased: true, holdFlowId: null, holdFlowNodeId: null };

describe("the flow of a holding node changes", () => {
  it("switched off: the ticket is let go at once", async () => {
    const c = await heldScene();
    const res = await w.s.request({
      method: "PUT",
      path: "/flowbuilder",
      token: c.admin,
      body: { flowId: c.flow.id, name: "Atendimento", active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject(released);
  });

  it("deleted: the ticket is let go at once", async () => {
    const c = await heldScene();
    const res = await w.s.request({ method: "DELETE", path: `/flowbuilder/${c.flow.id}`, token: c.admin });
    expect(res.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject(released);
  });

  it("saved without the node: let go; saved with it: still held, and the AI answers", async () => {
    const c = await heldScene();
    const kept = await c.save([
      start,
      { ...openai(), data: { typebotIntegration: { name: "IA", prompt: "Agora bolos.", apiKey: "sk-novo" } } },
    ]);
    expect(kept.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ chatbot: true, holdFlowNodeId: id });
    expect(await c.says("Tem bolo?")).toEqual(["Olá! Como posso ajudar?"]);
    expect(w.ai.chats()[0]!.body!.messages[0]!.content).toContain("Agora bolos.");
    expect(w.ai.chats()[0]!.authorization).toBe("Bearer sk-novo");

    const removed = await c.save([start]);
    expect(removed.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject(released);
  });
});
