/**
 * POST /flowbuilder/{id}/simulate (issue 18 item 7) over real HTTP: the saved flow walked with the
 * admin's messages by the runtime's rules, nothing sent or stored, no key shown; admins of the flow's
 * company only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { buildTenant } from "../../../test/factories.js";
import { createFlow, edge, node, saveGraph } from "../../../test/flow-graphs.js";
import { chain, interval, menu, message, nid, question } from "../../../test/flow-run-scene.js";
import type { TestServer } from "../../../test/harness.js";
import { createQueue } from "../../../test/queues.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const apiKey = "sk-simulate-0123456789abcdefWXYZ";

async function savedFlow(token: string, graph: { nodes: unknown[]; connections: unknown[] }) {
  const flow = await createFlow(s, token, "Simulado");
  const res = await saveGraph(s, token, flow.id, graph);
  if (res.statusCode !== 200) throw new Error(`saveGraph: ${res.statusCode} ${res.body}`);
  return flow.id;
}

const simulate = (token: string, id: number, bodies: string[]) =>
  s.request({
    method: "POST",
    path: `/flowbuilder/${id}/simulate`,
    token,
    body: { messages: bodies.map((body) => ({ from: "customer", body })) },
  });

describe("POST /flowbuilder/{id}/simulate", () => {
  it("walks the saved flow as the runtime does: texts, the menu and question waits, answers rendered, a delay passed at once, the queue hand-off", async () => {
    const t = await buildTenant(s);
    const vendas = (await createQueue(s, t.admin.token, { name: "Vendas", color: "#B80000" })).json<{ id: number }>()
      .id;
    const m = menu("menu", "Escolha:", ["Pedido", "Falar com vendas"]);
    const ask = question("ask", "Qual pedido, {{firstName}}?", "pedido");
    const done = message("done", "Anotado: {{pedido}}");
    const wait = interval("wait", 60);
    const ticket = node(nid("ticket"), "ticket", { queue: { id: vendas, name: "Vendas" } });
    const graph = chain(
      [message("hello", "Olá!"), m],
      [edge(m.id, ask.id, "a1"), edge(ask.id, done.id), edge(done.id, wait.id), edge(wait.id, ticket.id)],
    );
    graph.nodes.push(ask, done, wait, ticket);
    const id = await savedFlow(t.admin.token, graph);
    const menuText = { type: "text", body: "Escolha:\n\n[1] Pedido\n[2] Falar com vendas" };

    const opening = await simulate(t.admin.token, id, []);
    expect(opening.statusCode).toBe(200);
    expect(opening.json()).toEqual({ replies: [{ type: "text", body: "Olá!" }, menuText], waitingAt: m.id });

    const all = await simulate(t.admin.token, id, ["não sei", "pedido", "Bolo"]);
    expect(all.json()).toEqual({
      replies: [
        { type: "text", body: "Olá!" },
        menuText,
        menuText,
        { type: "text", body: "Qual pedido, {{firstName}}?" },
        { type: "text", body: "Anotado: Bolo" },
        { type: "handoff", body: "Vendas" },
      ],
      waitingAt: null,
    });
    // Nothing was stored or sent for it.
    expect(await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, t.company.id))).toEqual([]);
    expect(await s.ctx.db.select().from(messages).where(eq(messages.companyId, t.company.id))).toEqual([]);
  });

  it("an AI block is a hand-off naming it, its key never shown", async () => {
    const t = await buildTenant(s);
    const ai = node(nid("ai"), "openai", {
      typebotIntegration: {
        name: "Atendente IA",
        projectName: "Atendente IA",
        prompt: "Você é o assistente da padaria.",
        apiKey,
        voice: "texto",
        voiceKey: "",
        voiceRegion: "",
        temperature: 1,
        maxTokens: 100,
        maxMessages: 10,
        queueId: null,
      },
    });
    const id = await savedFlow(t.admin.token, chain([ai]));
    const res = await simulate(t.admin.token, id, ["oi"]);
    expect(res.json()).toEqual({ replies: [{ type: "handoff", body: "OpenAI · Atendente IA" }], waitingAt: null });
    expect(res.body).not.toContain(apiKey);
  });

  it("a loop stops at the runtime's limit", async () => {
    const t = await buildTenant(s);
    const a = message("a", "A");
    const b = message("b", "B");
    const id = await savedFlow(t.admin.token, chain([a, b], [edge(b.id, a.id)]));
    const replies = (await simulate(t.admin.token, id, [])).json<{ replies: { type: string; body: string }[] }>()
      .replies;
    expect(replies).toHaveLength(50);
    expect(replies.at(-1)).toEqual({ type: "handoff", body: "Fluxo interrompido: mais de 50 blocos sem resposta" });
  });

  it("admins only, of the flow's own company; a bad body changes nothing and names its code", async () => {
    const t = await buildTenant(s);
    const id = await savedFlow(t.admin.token, chain([message("m", "Oi")]));
    expect((await simulate(t.agent.token, id, [])).statusCode).toBe(403);
    const other = await buildTenant(s);
    const foreign = await simulate(other.admin.token, id, []);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
    const bad = await s.request({
      method: "POST",
      path: `/flowbuilder/${id}/simulate`,
      token: t.admin.token,
      body: { messages: [{ from: "agent", body: "x" }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});
