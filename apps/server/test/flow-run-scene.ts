/**
 * Flows as a customer meets them (issue 18 items 5–6): the queue bot's company (bot-scene.ts: Vendas,
 * Suporte with options, a Suporte agent, a customer on a Cloud API connection), plus flows saved through
 * the builder's own routes (so every graph passed the server's checks) and phrase campaigns.
 */
import { phraseKey } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { flowCampaigns, whatsapps } from "../src/db/schema/index.js";
import { botScene, type BotSceneOptions } from "./bot-scene.js";
import type { FakeGraph } from "./fake-graph.js";
import { createFlow, edge, node, saveGraph, startNode } from "./flow-graphs.js";
import type { TestServer } from "./harness.js";

export { edge, node, startNode };

type Node = ReturnType<typeof node>;
type Edge = ReturnType<typeof edge>;

/** start → each node in turn (one-output edges "a"), plus any other edges. */
export function chain(nodes: Node[], extra: Edge[] = []): { nodes: Node[]; connections: Edge[] } {
  const all = [startNode(), ...nodes];
  const connections = all.slice(1).map((n, i) => edge(all[i]!.id, n.id));
  return { nodes: all, connections: [...connections, ...extra] };
}

/** A node id of the builder's form (30 characters) from a short name. */
export const nid = (name: string) => name.padEnd(30, "X");

export const message = (name: string, label: string) => node(nid(name), "message", { label });
export const question = (name: string, text: string, answerKey: string) =>
  node(nid(name), "question", { typebotIntegration: { message: text, answerKey } });
export const menu = (name: string, text: string, options: string[]) =>
  node(nid(name), "menu", { message: text, arrayOption: options.map((value, i) => ({ number: i + 1, value })) });
export const interval = (name: string, sec: number) =>
  node(nid(name), "interval", { sec, label: `Intervalo ${sec} seg.` });

export async function flowScene(s: TestServer, fake: FakeGraph, options: BotSceneOptions = {}) {
  const c = await botScene(s, fake, options);
  const admin = c.tenant.admin.token;
  /** A saved flow (active) with this graph. */
  async function flow(graph: { nodes: unknown[]; connections: unknown[] }, name = "Fluxo de teste"): Promise<number> {
    const created = await createFlow(s, admin, name);
    const res = await saveGraph(s, admin, created.id, graph);
    if (res.statusCode !== 200) throw new Error(`saveGraph: ${res.statusCode} ${res.body}`);
    return created.id;
  }
  /** A phrase campaign on this connection (whatsappId null: every connection). */
  async function campaign(
    flowId: number,
    phrase: string,
    extra: { whatsappId?: number | null; status?: boolean } = {},
  ) {
    const [row] = await s.ctx.db
      .insert(flowCampaigns)
      .values({
        companyId: c.companyId,
        name: `Campanha ${phrase}`,
        flowId,
        phrase,
        phraseKey: phraseKey(phrase),
        whatsappId: extra.whatsappId === undefined ? c.connection.id : extra.whatsappId,
        status: extra.status ?? true,
      })
      .returning();
    return row!;
  }
  /** The connection's welcome and default flows, with a flowbuilder integration on it. */
  async function connectionFlows(flows: { welcome?: number; notPhrase?: number }) {
    const res = await s.request({
      method: "POST",
      path: "/queueIntegration",
      token: admin,
      body: { type: "flowbuilder", name: `Fluxos ${Date.now()}` },
    });
    if (res.statusCode !== 200) throw new Error(`queueIntegration: ${res.statusCode} ${res.body}`);
    const integrationId = res.json<{ id: number }>().id;
    await s.ctx.db
      .update(whatsapps)
      .set({ integrationId, flowIdWelcome: flows.welcome ?? null, flowIdNotPhrase: flows.notPhrase ?? null })
      .where(eq(whatsapps.id, c.connection.id));
    return integrationId;
  }
  return { ...c, admin, flow, campaign, connectionFlows };
}

export type FlowScene = Awaited<ReturnType<typeof flowScene>>;
