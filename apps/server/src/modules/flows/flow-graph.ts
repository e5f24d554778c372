/**
 * The graph a save sends (POST /flowbuilder/flow; issue 18 item 3), checked whole before anything
 * is written: known node types, unique ids, exactly one start node '1', each node's data
 * (flow-node-rules.ts), connections between drawn nodes leaving by an output their source has
 * (contracts flowNodeOutputs; null for a one-output node's only output), one connection per
 * output (the runtime walks exactly one), and what the nodes name outside the graph: the
 * company's queues, the company's stored files of the block's formats, URLs the SSRF guard
 * allows. Nodes and connections come back exactly as sent.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import {
  flowBuilder,
  flowConnectionSchema,
  flowMediaFormats,
  flowNodeOutputs,
  flowNodeSchema,
  type FlowConnection,
  type FlowGraph,
  type FlowNode,
} from "@balcao/contracts";
import type { Context } from "../../context.js";
import { checkOutboundUrl } from "../../outbound/index.js";
import { countOwnQueues } from "../users/users.queries.js";
import { flowInvalid } from "./flow-invalid.js";
import { checkNodeData, type FlowMediaKind, type FlowRefs } from "./flow-node-rules.js";

/** The id a raw node claims, to name it when it is refused. */
const claimedId = (raw: unknown): string | null => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
};

function parseNodes(raw: unknown[]): FlowNode[] {
  const ids = new Set<string>();
  return raw.map((item) => {
    const parsed = flowNodeSchema.safeParse(item);
    if (!parsed.success) throw flowInvalid(claimedId(item), "node");
    if (ids.has(parsed.data.id)) throw flowInvalid(parsed.data.id, "duplicateId");
    ids.add(parsed.data.id);
    // What was sent, not zod's copy: kept exactly, key order included.
    return item as FlowNode;
  });
}

function checkStart(nodes: FlowNode[]) {
  const starts = nodes.filter((n) => n.type === "start");
  for (const start of starts) if (start.id !== flowBuilder.startNodeId) throw flowInvalid(start.id, "start");
  if (starts.length !== 1) throw flowInvalid(null, "start");
}

/** Each connection joins drawn nodes, leaving by one of its source's outputs; an output leads to one node. */
function parseConnections(raw: unknown[], nodes: Map<string, FlowNode>): FlowConnection[] {
  const ids = new Set<string>();
  const usedOutputs = new Set<string>();
  return raw.map((item) => {
    const parsed = flowConnectionSchema.safeParse(item);
    if (!parsed.success) throw flowInvalid(null, "connection", { connectionId: claimedId(item) });
    const edge = parsed.data;
    const details = { connectionId: edge.id };
    if (ids.has(edge.id)) throw flowInvalid(null, "duplicateConnectionId", details);
    ids.add(edge.id);
    const source = nodes.get(edge.source);
    if (!source) throw flowInvalid(nodes.has(edge.target) ? edge.target : null, "connectionSource", details);
    if (!nodes.has(edge.target)) throw flowInvalid(source.id, "connectionTarget", details);
    const outputs = flowNodeOutputs(source);
    const handle = edge.sourceHandle ?? (outputs.length === 1 ? outputs[0] : undefined);
    if (handle === undefined || !outputs.includes(handle)) throw flowInvalid(source.id, "sourceHandle", details);
    const output = `${source.id}\u0000${handle}`;
    if (usedOutputs.has(output)) throw flowInvalid(source.id, "outputTaken", details);
    usedOutputs.add(output);
    return item as FlowConnection;
  });
}

const extensions: Record<FlowMediaKind, readonly string[]> = {
  img: flowMediaFormats.img,
  audio: flowMediaFormats.audio,
  contentAudio: flowMediaFormats.contentAudio,
  video: flowMediaFormats.video,
};

/** A name the flow media routes gave this company ("<companyId>/<random>.<ext>"), of the block's formats, on disk. */
async function isOwnMedia(ctx: Context, companyId: number, name: string, kind: FlowMediaKind): Promise<boolean> {
  const ext = path.extname(name).slice(1).toLowerCase();
  if (!name.startsWith(`${companyId}/`) || !extensions[kind].includes(ext)) return false;
  if (!ctx.media.mayRead(name, companyId)) return false;
  const info = await stat(ctx.media.resolve(name)).catch(() => null);
  return info?.isFile() === true;
}

async function checkRefs(ctx: Context, companyId: number, refs: FlowRefs) {
  for (const m of refs.media) {
    if (!(await isOwnMedia(ctx, companyId, m.name, m.kind))) throw flowInvalid(m.nodeId, "media", { name: m.name });
  }
  for (const q of refs.queues) {
    if ((await countOwnQueues(ctx.db, companyId, [q.queueId])) !== 1) throw flowInvalid(q.nodeId, "queue");
  }
  for (const u of refs.urls) {
    const verdict = await checkOutboundUrl(u.url);
    if (!verdict.ok) throw flowInvalid(u.nodeId, u.field, { outbound: verdict.reason });
  }
}

/** The graph as it will be stored (keys apart: flow-secrets.ts), or ERR_FLOW_INVALID naming the node. */
export async function checkFlowGraph(
  ctx: Context,
  companyId: number,
  raw: { nodes: unknown[]; connections: unknown[] },
): Promise<FlowGraph> {
  const nodes = parseNodes(raw.nodes);
  checkStart(nodes);
  const refs: FlowRefs = { media: [], queues: [], urls: [] };
  for (const node of nodes) checkNodeData(node, refs);
  const connections = parseConnections(raw.connections, new Map(nodes.map((n) => [n.id, n])));
  await checkRefs(ctx, companyId, refs);
  return { nodes, connections };
}
