/**
 * The keys inside AI and Typebot blocks (issue 18 item 3): `apiKey` and `voiceKey` under
 * `data.typebotIntegration` are stored encrypted (secrets/), answered masked, and a save that
 * sends the mask back keeps the key stored for the node with the same id. A mask the server
 * cannot match (a node copied in the builder gets a new id) is refused: the admin types the key.
 */
import { secretMask, type FlowGraph, type FlowNode } from "@balcao/contracts";
import { decryptSecret, keepOrReplace, maskSecret } from "../../secrets/index.js";
import { flowInvalid } from "./flow-invalid.js";

const keyFields = ["apiKey", "voiceKey"] as const;
const keyedTypes = new Set<string>(["typebot", "openai"]);

type Block = Record<string, unknown>;

/** The block of a keyed node (typebot, openai), when it has one. */
function blockOf(node: FlowNode): Block | undefined {
  if (!keyedTypes.has(node.type)) return undefined;
  const block = node.data.typebotIntegration;
  return block && typeof block === "object" && !Array.isArray(block) ? (block as Block) : undefined;
}

/** A copy of the node whose block's keys `change` rewrote; nodes without keys come back as they are. */
function mapKeys(node: FlowNode, change: (value: string, field: string) => string): FlowNode {
  const block = blockOf(node);
  if (!block || !keyFields.some((f) => typeof block[f] === "string")) return node;
  const next: Block = { ...block };
  for (const field of keyFields) {
    const value = block[field];
    if (typeof value !== "string") continue;
    next[field] = change(value, field);
  }
  return { ...node, data: { ...node.data, typebotIntegration: next } };
}

/** The graph as it is answered: every key masked. */
export function maskGraphKeys(graph: FlowGraph): FlowGraph {
  return { ...graph, nodes: graph.nodes.map((n) => mapKeys(n, (stored) => maskSecret(decryptSecret(stored)))) };
}

function storedKey(stored: Map<string, FlowNode>, nodeId: string, field: string): string {
  const block = stored.get(nodeId) && blockOf(stored.get(nodeId)!);
  const value = block?.[field];
  return typeof value === "string" ? value : "";
}

/** The graph as it is stored: each key encrypted, or the stored one kept when its mask came back. */
export function sealGraphKeys(graph: FlowGraph, current: FlowGraph | null): FlowGraph {
  const stored = new Map((current?.nodes ?? []).map((n) => [n.id, n]));
  const nodes = graph.nodes.map((node) =>
    mapKeys(node, (incoming, field) => {
      const before = storedKey(stored, node.id, field);
      const sealed = keepOrReplace(incoming, before);
      if (incoming.startsWith(secretMask) && sealed !== before) throw flowInvalid(node.id, `${field}Unknown`);
      return sealed;
    }),
  );
  return { ...graph, nodes };
}
