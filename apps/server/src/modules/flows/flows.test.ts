/**
 * /flowbuilder (issue 18 item 1; automation-areas §7 "Flows"): add, rename, switch off, duplicate,
 * delete, the paged and whole lists, admin only, another company's ids, realtime to the company's
 * administrators only, and what deleting or switching off a flow does to its runs, campaigns and
 * connections.
 */
import { channels, type ChannelPayloads, type FlowSummary } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flowCampaigns, tickets, whatsapps } from "../../db/schema/index.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import { createFlow, loadGraph, sampleGraph, saveGraph } from "../../../test/flow-graphs.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started));

type FlowList = { flows: FlowSummary[]; hasMore: boolean };
const list = async (token: string, query = "") =>
  (await s.request({ path: `/flowbuilder${query}`, token })).json<FlowList>();
const put = (token: string, body: unknown) => s.request({ method: "PUT", path: "/flowbuilder", token, body });

/** A ticket standing in a run of the flow at `nodeId`, held by it (chatbot), pending in `queueId`. */
async function ticketInRun(companyId: number, flowId: number, nodeId: string, queueId: number | null = null) {
  const contact = await buildContact(s, companyId);
  return buildTicket(s, {
    companyId,
    contactId: contact.id,
    queueId,
    status: "pending",
    chatbot: true,
    flowId,
    flowNodeId: nodeId,
    flowWaiting: true,
    flowVariables: { pedido: "bolo" },
    flowWalked: 3,
  });
}

const ticketRow = async (id: number) => (await s.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

describe("the flow list", () => {
  it("a new flow is active; renaming keeps it so; the row menu switches it off and on", async () => {
    const t = await buildTenant(s);
    const flow = await createFlow(s, t.admin.token, "  Boas-vindas  ");
    expect(flow).toEqual({ id: expect.any(Number), name: "Boas-vindas", active: true });
    const renamed = await put(t.admin.token, { flowId: flow.id, name: "Recepção" });
    expect(renamed.json()).toEqual({ id: flow.id, name: "Recepção", active: true });
    const off = await put(t.admin.token, { flowId: flow.id, name: "Recepção", active: false });
    expect(off.json()).toEqual({ id: flow.id, name: "Recepção", active: false });
    expect((await list(t.admin.token)).flows).toEqual([{ id: flow.id, name: "Recepção", active: false }]);
    const on = await put(t.admin.token, { flowId: flow.id, name: "Recepção", active: true });
    expect(on.json<FlowSummary>().active).toBe(true);
  });

  it("refuses a name under 2 or over 50 characters, changing nothing", async () => {
    const t = await buildTenant(s);
    for (const name of ["A", "x".repeat(51), "   "]) {
      const res = await s.request({ method: "POST", path: "/flowbuilder", token: t.admin.token, body: { name } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await list(t.admin.token)).flows).toEqual([]);
  });

  it("pages by 20 with searchParam and pageNumber, and answers every flow without pageNumber", async () => {
    const t = await buildTenant(s);
    for (let i = 1; i <= 23; i++) await createFlow(s, t.admin.token, `Fluxo ${String(i).padStart(2, "0")}`);
    await createFlow(s, t.admin.token, "Pesquisa 100%_ok");
    const first = await list(t.admin.token, "?pageNumber=1");
    expect(first.flows).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.flows[0]!.name).toBe("Fluxo 01");
    const second = await list(t.admin.token, "?pageNumber=2");
    expect(second.flows.map((f) => f.name)).toEqual(["Fluxo 21", "Fluxo 22", "Fluxo 23", "Pesquisa 100%_ok"]);
    expect(second.hasMore).toBe(false);
    expect((await list(t.admin.token)).flows).toHaveLength(24);
    const searched = await list(t.admin.token, `?searchParam=${encodeURIComponent("100%_")}&pageNumber=1`);
    expect(searched).toEqual({ flows: [expect.objectContaining({ name: "Pesquisa 100%_ok" })], hasMore: false });
    expect((await list(t.admin.token, "?searchParam=fluxo%202")).flows.map((f) => f.name)).toEqual([
      "Fluxo 20",
      "Fluxo 21",
      "Fluxo 22",
      "Fluxo 23",
    ]);
  });

  it("duplicate copies the drawn graph into a new active flow named within 50 characters; the original stays", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const long = "Atendimento de pedidos de bolos e tortas de festas"; // 50 characters
    const flow = await createFlow(s, t.admin.token, long);
    expect((await saveGraph(s, t.admin.token, flow.id, sampleGraph(queue.id))).statusCode).toBe(200);
    await put(t.admin.token, { flowId: flow.id, name: long, active: false });
    const res = await s.request({
      method: "POST",
      path: "/flowbuilder/duplicate",
      token: t.admin.token,
      body: { flowId: flow.id },
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json<FlowSummary>();
    expect(copy).toEqual({ id: expect.any(Number), name: `${long.slice(0, 46)} (2)`, active: true });
    expect((await loadGraph(s, t.admin.token, copy.id)).flow.flow).toEqual(sampleGraph(queue.id));
    expect((await loadGraph(s, t.admin.token, flow.id)).flow).toMatchObject({ name: long, active: false });
  });

  it("a flow never saved loads with flow null", async () => {
    const t = await buildTenant(s);
    const flow = await createFlow(s, t.admin.token);
    expect(await loadGraph(s, t.admin.token, flow.id)).toEqual({
      flow: { id: flow.id, name: "Boas-vindas", active: true, flow: null },
    });
  });
});

describe("deleting and switching off", () => {
  it("delete ends the flow's runs (pending in their queue), deletes its campaigns and clears the connections naming it", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const flow = await createFlow(s, t.admin.token);
    const other = await createFlow(s, t.admin.token, "Outro");
    const connection = await buildWhatsapp(s, t.company.id, { flowIdWelcome: flow.id, flowIdNotPhrase: other.id });
    await s.ctx.db.insert(flowCampaigns).values([
      { companyId: t.company.id, name: "Promo", flowId: flow.id, phrase: "promo", phraseKey: "promo" },
      { companyId: t.company.id, name: "Outra", flowId: other.id, phrase: "outra", phraseKey: "outra" },
    ]);
    const running = await ticketInRun(t.company.id, flow.id, "msgAAAAAAAAAAAAAAAAAAAAAAAAAAA", queue.id);
    const elsewhere = await ticketInRun(t.company.id, other.id, "1");

    const res = await s.request({ method: "DELETE", path: `/flowbuilder/${flow.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect((await s.request({ path: `/flowbuilder/flow/${flow.id}`, token: t.admin.token })).statusCode).toBe(404);
    expect(await ticketRow(running.id)).toMatchObject({
      flowId: null,
      flowNodeId: null,
      flowWaiting: false,
      flowWalked: 0,
      chatbot: false,
      status: "pending",
      queueId: queue.id,
    });
    expect(await ticketRow(elsewhere.id)).toMatchObject({ flowId: other.id, flowNodeId: "1", chatbot: true });
    const campaigns = await s.ctx.db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, t.company.id));
    expect(campaigns.map((c) => c.name)).toEqual(["Outra"]);
    const [conn] = await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
    expect(conn).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: other.id });
  });

  it("switching a flow off ends its runs; renaming an active flow does not", async () => {
    const t = await buildTenant(s);
    const flow = await createFlow(s, t.admin.token);
    const running = await ticketInRun(t.company.id, flow.id, "1");
    await put(t.admin.token, { flowId: flow.id, name: "Renomeado" });
    expect(await ticketRow(running.id)).toMatchObject({ flowId: flow.id, chatbot: true });
    await put(t.admin.token, { flowId: flow.id, name: "Renomeado", active: false });
    expect(await ticketRow(running.id)).toMatchObject({
      flowId: null,
      flowNodeId: null,
      chatbot: false,
      status: "pending",
    });
  });
});

describe("who may", () => {
  it("agents are refused on every route, and change nothing", async () => {
    const t = await buildTenant(s);
    const flow = await createFlow(s, t.admin.token);
    const requests = [
      { path: "/flowbuilder" },
      { method: "POST" as const, path: "/flowbuilder", body: { name: "Meu" } },
      { method: "PUT" as const, path: "/flowbuilder", body: { flowId: flow.id, name: "Meu", active: false } },
      { method: "DELETE" as const, path: `/flowbuilder/${flow.id}` },
      { method: "POST" as const, path: "/flowbuilder/duplicate", body: { flowId: flow.id } },
      { path: `/flowbuilder/flow/${flow.id}` },
      { method: "POST" as const, path: "/flowbuilder/flow", body: { idFlow: flow.id, nodes: [], connections: [] } },
      { method: "POST" as const, path: "/flowbuilder/img" },
      { method: "POST" as const, path: "/flowbuilder/audio" },
      { method: "POST" as const, path: "/flowbuilder/content" },
    ];
    for (const request of requests) {
      const res = await s.request({ ...request, token: t.agent.token });
      expect(res.statusCode, `${request.method ?? "GET"} ${request.path}`).toBe(403);
    }
    expect((await list(t.admin.token)).flows).toEqual([flow]);
  });

  it("another company's flow answers 404 on every route and its list stays its own", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const flow = await createFlow(s, t.admin.token, "Segredo da casa");
    for (const request of [
      { path: `/flowbuilder/flow/${flow.id}` },
      { method: "PUT" as const, path: "/flowbuilder", body: { flowId: flow.id, name: "Segredo da casa" } },
      { method: "POST" as const, path: "/flowbuilder/duplicate", body: { flowId: flow.id } },
      {
        method: "POST" as const,
        path: "/flowbuilder/flow",
        body: {
          idFlow: flow.id,
          nodes: [{ id: "1", type: "start", position: { x: 1, y: 1 }, data: {} }],
          connections: [],
        },
      },
      { method: "DELETE" as const, path: `/flowbuilder/${flow.id}` },
    ]) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: t.admin.token,
        otherToken: other.admin.token,
        secrets: ["Segredo da casa"],
      });
    }
    await createFlow(s, t.admin.token, "Segredo da casa");
    await expectListIsolation(s, {
      path: "/flowbuilder",
      ownerToken: t.admin.token,
      otherToken: other.admin.token,
      secrets: ["Segredo da casa"],
    });
  });
});

describe("realtime", () => {
  it("company-{id}-flowbuilder reaches the company's administrators only: not its agents, not another company", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const admin = await connectSocket(s, t.admin.token);
    const agent = await connectSocket(s, t.agent.token);
    const stranger = await connectSocket(s, other.admin.token);
    type Payload = ChannelPayloads["flowbuilder"];
    const toAdmin = record<Payload>(admin, channels.flowbuilder(t.company.id));
    const toAgent = record<Payload>(agent, channels.flowbuilder(t.company.id));
    const toStranger = record<Payload>(stranger, channels.flowbuilder(t.company.id));
    const flow = await createFlow(s, t.admin.token);
    await put(t.admin.token, { flowId: flow.id, name: "Renomeado", active: false });
    await saveGraph(s, t.admin.token, flow.id, {
      nodes: [{ id: "1", type: "start", position: { x: 250, y: 100 }, data: {} }],
      connections: [],
    });
    await s.request({ method: "DELETE", path: `/flowbuilder/${flow.id}`, token: t.admin.token });
    for (const socket of [admin, agent, stranger]) await flush(s, socket);
    expect(toAdmin).toEqual([
      { action: "create", flow: { id: flow.id, name: "Boas-vindas", active: true } },
      { action: "update", flow: { id: flow.id, name: "Renomeado", active: false } },
      { action: "update", flow: { id: flow.id, name: "Renomeado", active: false } },
      { action: "delete", flowId: flow.id },
    ]);
    expect(toAgent).toEqual([]);
    expect(toStranger).toEqual([]);
  });
});
