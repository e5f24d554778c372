/**
 * Flows as a customer meets them (issue 18 item 5): messages through Meta's signed webhook, what the fake
 * Graph API received, the ticket as stored. One test per node kind and per rule.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flows, ticketNotes, tickets } from "../../db/schema/index.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { edge, node } from "../../../test/flow-graphs.js";
import {
  chain,
  flowScene,
  interval,
  menu,
  message,
  nid,
  question,
  type FlowScene,
} from "../../../test/flow-run-scene.js";
import type { TestServer } from "../../../test/harness.js";
import { queueMenu } from "../../../test/bot-texts.js";
import { createQueue } from "../../../test/queues.js";
import { loopNote } from "./apply-walk.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const quiet = () => new Promise((r) => setTimeout(r, 700));

/** The customer writes and nothing comes back. */
async function unanswered(c: FlowScene, text: string) {
  const before = c.textsSent().length;
  await c.says(text, 0);
  await quiet();
  expect(c.textsSent().slice(before)).toEqual([]);
}

describe("starting a flow", () => {
  it("a phrase campaign starts its flow: the phrase trimmed, in any case, with or without accents; the queue menu stays quiet", async () => {
    const c = await flowScene(s, fake);
    const flowId = await c.flow(chain([message("hello", "Olá {{firstName}}, bem-vindo à promoção!")]));
    await c.campaign(flowId, "Promoção Pão");
    expect(await c.says("  PROMOCAO pao ")).toEqual(["Olá Paulo, bem-vindo à promoção!"]);
    // No edge after the message: the run ended, the ticket carries on as any ticket (the queue menu next).
    expect(await c.ticket()).toMatchObject({ flowId: null, chatbot: false, status: "pending" });
    expect(await c.says("oi")).toEqual([queueMenu]);
  });

  it("an inactive flow, an inactive campaign, and a campaign on another connection start nothing; one on every connection does", async () => {
    const c = await flowScene(s, fake);
    const inactive = await c.flow(chain([message("a", "fluxo inativo")]));
    await s.ctx.db.update(flows).set({ active: false }).where(eq(flows.id, inactive));
    await c.campaign(inactive, "inativo");
    const paused = await c.flow(chain([message("b", "campanha pausada")]));
    await c.campaign(paused, "pausada", { status: false });
    const elsewhere = await c.flow(chain([message("c", "outra conexão")]));
    const other = await flowScene(s, fake);
    await c.campaign(elsewhere, "outra", { whatsappId: other.connection.id });
    // The queue bot answers each of them as any first message and menu reply.
    expect(await c.says("inativo")).toEqual([queueMenu]);
    expect(await c.says("pausada")).toEqual([queueMenu]);
    expect(await c.says("outra")).toEqual([queueMenu]);
    expect((await c.ticket()).flowId).toBeNull();

    const everywhere = await c.flow(chain([message("d", "em todas as conexões")]));
    await c.campaign(everywhere, "todas", { whatsappId: null });
    expect(await c.says("todas")).toEqual(["em todas as conexões"]);
  });

  it("a group's ticket never runs a flow: its phrase starts nothing", async () => {
    const c = await flowScene(s, fake);
    await c.campaign(await c.flow(chain([message("g", "isto não vai para grupos")])), "promo");
    await c.says("oi");
    await s.ctx.db
      .update(tickets)
      .set({ isGroup: true })
      .where(eq(tickets.id, (await c.ticket()).id));
    await unanswered(c, "promo");
    expect(await c.ticket()).toMatchObject({ flowId: null });
  });

  it("a campaign of the connection itself wins over one on every connection; a phrase restarts a running flow", async () => {
    const c = await flowScene(s, fake);
    const general = await c.flow(chain([message("g", "geral")]));
    await c.campaign(general, "começar", { whatsappId: null });
    const own = await c.flow(chain([question("q", "Seu nome?", "nome")]));
    await c.campaign(own, "começar");
    expect(await c.says("Começar")).toEqual(["Seu nome?"]);
    expect(await c.says("começar")).toEqual(["Seu nome?"]);
    expect(await c.ticket()).toMatchObject({ flowId: own, flowWaiting: true, chatbot: true });
  });
});

describe("nodes", () => {
  it("question: sends, waits, stores the answer under its key and follows its own edge, wherever it sits among the nodes", async () => {
    const c = await flowScene(s, fake);
    const ask = question("ask", "Qual é o seu pedido?", "pedido");
    const thanks = message("thanks", "Anotado: {{pedido}}, {{firstName}}.");
    const decoy = message("decoy", "nunca");
    // The question sits last in the array, after a node it has no edge to.
    const graph = {
      nodes: [node("1", "start", { label: "Inicio do fluxo" }), thanks, decoy, ask],
      connections: [edge("1", ask.id), edge(ask.id, thanks.id)],
    };
    await c.campaign(await c.flow(graph), "pedido");
    expect(await c.says("pedido")).toEqual(["Qual é o seu pedido?"]);
    expect(await c.ticket()).toMatchObject({ flowWaiting: true, flowNodeId: ask.id, chatbot: true });
    expect(await c.says("Bolo de {{ms}}")).toEqual(["Anotado: Bolo de {{ms}}, Paulo."]);
    expect(await c.ticket()).toMatchObject({ flowId: null });
  });

  it("menu: sends its message and [n] lines; a number or an option's text follows that option's edge, anything else repeats it", async () => {
    const c = await flowScene(s, fake);
    const m = menu("menu", "Escolha uma opção:", ["Vendas", "Suporte Técnico"]);
    const one = message("one", "opção um");
    const two = message("two", "opção dois");
    const graph = chain([m], [edge(m.id, two.id, "a2"), edge(m.id, one.id, "a1")]);
    graph.nodes.push(two, one);
    await c.campaign(await c.flow(graph), "menu");
    const shown = "Escolha uma opção:\n\n[1] Vendas\n[2] Suporte Técnico";
    expect(await c.says("menu")).toEqual([shown]);
    expect(await c.says("3")).toEqual([shown]);
    expect(await c.says("talvez")).toEqual([shown]);
    expect(await c.says("suporte tecnico")).toEqual(["opção dois"]);
    expect(await c.says("menu")).toEqual([shown]);
    expect(await c.says("1")).toEqual(["opção um"]);
  });

  it("interval: a durable delay; the customer's messages meanwhile are kept and move nothing", async () => {
    const c = await flowScene(s, fake);
    await c.campaign(
      await c.flow(chain([message("before", "antes"), interval("wait", 2), message("after", "depois")])),
      "pausa",
    );
    const started = Date.now();
    expect(await c.says("pausa")).toEqual(["antes"]);
    expect(await c.ticket()).toMatchObject({ flowNodeId: nid("wait"), flowWaiting: false });
    await unanswered(c, "ainda aí?");
    await fake.waitForSent(2, c.customer.from, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(c.textsSent()).toEqual(["antes", "depois"]);
    const stored = (await c.storedMessages()).map((m) => [m.fromMe, m.body]);
    expect(stored).toEqual([
      [false, "pausa"],
      [true, "antes"],
      [false, "ainda aí?"],
      [true, "depois"],
    ]);
  });

  it("content: its items in seq order, its interval waited", async () => {
    const c = await flowScene(s, fake);
    const content = node(nid("content"), "singleBlock", {
      seq: ["message0", "interval0", "message1"],
      elements: [
        { type: "message", value: "segundo {{firstName}}", number: "message1" },
        { type: "interval", value: "1", number: "interval0" },
        { type: "message", value: "primeiro", number: "message0" },
      ],
    });
    await c.campaign(await c.flow(chain([content, message("end", "fim")])), "conteudo");
    const started = Date.now();
    expect(await c.says("conteúdo")).toEqual(["primeiro"]);
    await fake.waitForSent(3, c.customer.from, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(c.textsSent()).toEqual(["primeiro", "segundo Paulo", "fim"]);
  });

  it("randomizer and condition follow the branch their rule picks", async () => {
    const c = await flowScene(s, fake);
    const ask = question("ask", "Quantos?", "qtd");
    const random = node(nid("random"), "randomizer", { percent: 100 });
    const cond = node(nid("cond"), "condition", { key: "qtd", condition: "greater", value: "10" });
    const big = message("big", "muitos: {{qtd}}");
    const small = message("small", "poucos: {{qtd}}");
    const never = message("never", "nunca");
    const graph = {
      nodes: [node("1", "start", {}), ask, random, cond, big, small, never],
      connections: [
        edge("1", ask.id),
        edge(ask.id, random.id),
        edge(random.id, never.id, "b"),
        edge(random.id, cond.id, "a"),
        edge(cond.id, small.id, "false"),
        edge(cond.id, big.id, "true"),
      ],
    };
    await c.campaign(await c.flow(graph), "quantos");
    await c.says("quantos");
    expect(await c.says("12")).toEqual(["muitos: 12"]);
    await c.says("quantos");
    expect(await c.says("3")).toEqual(["poucos: 3"]);
  });

  it("ticket: the ticket waits in the node's queue, whose greeting the customer gets as if they chose it", async () => {
    const c = await flowScene(s, fake);
    const ticketNode = node(nid("ticket"), "ticket", { queue: { id: c.queues.vendas, name: "Vendas" } });
    await c.campaign(await c.flow(chain([message("m", "Vou te passar para vendas"), ticketNode])), "comprar");
    expect(await c.says("comprar", 2)).toEqual(["Vou te passar para vendas", "Bem-vindo a Vendas, Paulo!"]);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      queueId: c.queues.vendas,
      chatbot: false,
      flowId: null,
      userId: null,
    });
    await unanswered(c, "olá?");
  });

  it("a ticket node whose queue has options hands the ticket to the queue bot's options", async () => {
    const c = await flowScene(s, fake);
    const ticketNode = node(nid("ticket"), "ticket", { queue: { id: c.queues.suporte, name: "Suporte" } });
    await c.campaign(await c.flow(chain([ticketNode])), "suporte");
    const [options] = await c.says("suporte");
    expect(options).toContain("Suporte técnico");
    expect(await c.ticket()).toMatchObject({ queueId: c.queues.suporte, chatbot: true, flowId: null });
  });

  it("a ticket block whose queue was deleted since the save: the ticket waits where it is, pending", async () => {
    const c = await flowScene(s, fake);
    const res = await createQueue(s, c.admin, { name: "Temporária", color: "#123456", greetingMessage: "não" });
    const gone = res.json<{ id: number }>().id;
    const ticketNode = node(nid("ticket"), "ticket", { queue: { id: gone, name: "Temporária" } });
    await c.campaign(await c.flow(chain([message("m", "Um momento"), ticketNode])), "fila");
    expect((await s.request({ method: "DELETE", path: `/queue/${gone}`, token: c.admin })).statusCode).toBe(200);
    expect(await c.says("fila")).toEqual(["Um momento"]);
    await quiet();
    expect(c.textsSent()).toEqual(["Um momento"]);
    expect(await c.ticket()).toMatchObject({ flowId: null, status: "pending", queueId: null, chatbot: false });
  });

  it("a loop stops after 50 nodes without a reply: a ticket note, the ticket pending in its queue", async () => {
    const c = await flowScene(s, fake);
    const a = message("loopa", "volta A");
    const b = message("loopb", "volta B");
    await c.campaign(await c.flow(chain([a, b], [edge(b.id, a.id)])), "laço");
    await c.says("laco", 49, 20_000);
    await quiet();
    // start + 49 messages = 50 nodes walked; the 51st stops it.
    expect(c.textsSent()).toHaveLength(49);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ flowId: null, chatbot: false, status: "pending", queueId: null });
    const notes = await s.ctx.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes.map((n) => n.note)).toEqual([loopNote]);
    expect(loopNote).toBe("Fluxo interrompido: mais de 50 blocos sem resposta");
  });
});
