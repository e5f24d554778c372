/**
 * Flows as a customer meets them (issue 18 item 5), the connection's welcome and default flows and what
 * ends a run: messages through Meta's signed webhook, what the fake Graph API received, the ticket as
 * stored (starts and nodes: flow-run.test.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queues, whatsapps } from "../../db/schema/index.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { saveGraph } from "../../../test/flow-graphs.js";
import { chain, flowScene, interval, message, question } from "../../../test/flow-run-scene.js";
import type { TestServer } from "../../../test/harness.js";
import { queueMenu } from "../../../test/bot-texts.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const quiet = () => new Promise((r) => setTimeout(r, 700));

describe("the connection's flows and the run's end", () => {
  it("welcome flow for a contact's first message ever; default flow for a later new ticket's first message", async () => {
    const c = await flowScene(s, fake);
    const welcome = await c.flow(chain([message("w", "Primeira vez por aqui? Bem-vindo!")]), "Boas-vindas");
    const fallback = await c.flow(chain([question("d", "Como posso ajudar?", "ajuda")]), "Padrão");
    await c.connectionFlows({ welcome, notPhrase: fallback });
    expect(await c.says("Oi")).toEqual(["Primeira vez por aqui? Bem-vindo!"]);
    // The flow ended: the ticket carries on as any ticket would (the flowbuilder integration holds
    // nothing), so the queue menu answers its next message.
    const [menu] = await c.says("e agora?");
    expect(menu).toContain("Escolha um setor:");
    // The next ticket of the same contact gets the default flow.
    const first = await c.ticket();
    await s.request({
      method: "PUT",
      path: `/tickets/${first.id}`,
      token: c.admin,
      body: { status: "closed" },
    });
    // The connection's completion message closes it.
    await fake.waitForSent(3, c.customer.from);
    expect(await c.says("Olá de novo")).toEqual(["Como posso ajudar?"]);
  });

  it("an agent accepting the ticket ends the run; the waiting delay then sends nothing", async () => {
    const c = await flowScene(s, fake);
    await c.campaign(await c.flow(chain([message("a", "um"), interval("w", 1), message("b", "dois")])), "aceitar");
    expect(await c.says("aceitar")).toEqual(["um"]);
    const ticket = await c.ticket();
    const res = await s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.admin,
      body: { status: "open", userId: c.tenant.admin.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ flowId: null, flowNodeId: null, status: "open" });
    await new Promise((r) => setTimeout(r, 2000));
    expect(c.textsSent()).toEqual(["um"]);
  });

  it("a queue whose integration is a flowbuilder integration starts the connection's default flow when chosen at the menu", async () => {
    const c = await flowScene(s, fake);
    const fallback = await c.flow(chain([message("d", "Fluxo da fila")]), "Padrão");
    const integrationId = await c.connectionFlows({ notPhrase: fallback });
    // The connection itself keeps the queue menu: only the queue carries the flowbuilder integration.
    await s.ctx.db.update(whatsapps).set({ integrationId: null }).where(eq(whatsapps.id, c.connection.id));
    await s.ctx.db.update(queues).set({ integrationId }).where(eq(queues.id, c.queues.vendas));
    expect(await c.says("Oi")).toEqual([queueMenu]);
    // The chosen queue's greeting, then the flow's first text.
    expect(await c.says("1", 2)).toEqual(["Bem-vindo a Vendas, Paulo!", "Fluxo da fila"]);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues.vendas, flowId: null, chatbot: false });
  });

  it("switching the flow off, or a save that removes the node a run waits at, ends the run: the ticket waits for people", async () => {
    const c = await flowScene(s, fake);
    const ask = question("ask", "Seu nome?", "nome");
    const graph = chain([ask, message("after", "Obrigado, {{nome}}")]);
    const flowId = await c.flow(graph, "Cadastro");
    await c.campaign(flowId, "cadastro");
    await c.says("cadastro");
    // A save that keeps the node keeps the run.
    expect((await saveGraph(s, c.admin, flowId, graph)).statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ flowId, flowNodeId: ask.id, flowWaiting: true });
    // One without it ends it.
    const without = chain([message("other", "Outro começo")]);
    expect((await saveGraph(s, c.admin, flowId, without)).statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ flowId: null, chatbot: false, status: "pending" });

    await c.says("cadastro");
    const second = await c.flow(graph, "Cadastro 2");
    await c.campaign(second, "ficha");
    expect(await c.says("ficha")).toEqual(["Seu nome?"]);
    const off = await s.request({
      method: "PUT",
      path: "/flowbuilder",
      token: c.admin,
      body: { flowId: second, name: "Cadastro 2", active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await c.ticket()).toMatchObject({ flowId: null, chatbot: false, status: "pending", userId: null });
    const before = c.textsSent().length;
    await c.says("Ana", 0);
    await quiet();
    expect(c.textsSent().slice(before)).not.toContain("Obrigado, Ana");
  });
});
