/**
 * Reading a saved flow graph (issue 18 "The saved graph"): nodes by id, the edge leaving a node by its
 * output (source + sourceHandle, never the order of the arrays), and what a node's data holds for the
 * runtime. The graph passed the server's checks when it was saved, but an older save or a hand-made
 * import may lack a field: every reader here copes with that (a missing text is "", a missing edge ends).
 */
import { flowBuilder, type FlowConnection, type FlowGraph, type FlowNode } from "@balcao/contracts";

/** The graph with its nodes and outgoing edges indexed once per walk. */
export interface IndexedGraph {
  node(id: string): FlowNode | undefined;
  /** The node an output leads to; undefined when no edge leaves by it. */
  next(node: FlowNode, handle: string): FlowNode | undefined;
  startId: string | undefined;
}

/** A one-output node's edge may carry sourceHandle "a" or none at all. */
function leavesBy(edge: FlowConnection, handle: string): boolean {
  if (handle === "a") return edge.sourceHandle === "a" || edge.sourceHandle === null || edge.sourceHandle === undefined;
  return edge.sourceHandle === handle;
}

export function indexGraph(graph: FlowGraph): IndexedGraph {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const edges = new Map<string, FlowConnection[]>();
  for (const edge of graph.connections) {
    const list = edges.get(edge.source) ?? [];
    list.push(edge);
    edges.set(edge.source, list);
  }
  const start = nodes.get(flowBuilder.startNodeId) ?? graph.nodes.find((n) => n.type === "start");
  return {
    node: (id) => nodes.get(id),
    next(node, handle) {
      const edge = (edges.get(node.id) ?? []).find((e) => leavesBy(e, handle));
      return edge ? nodes.get(edge.target) : undefined;
    },
    startId: start?.id,
  };
}

export const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** question, typebot and openai keep their fields under typebotIntegration (§3). */
export function blockFields(node: FlowNode): Record<string, unknown> {
  const fields = node.data.typebotIntegration;
  return fields && typeof fields === "object" ? (fields as Record<string, unknown>) : {};
}

export interface MenuOption {
  number: number;
  value: string;
}

export function menuOptions(node: FlowNode): MenuOption[] {
  const list = Array.isArray(node.data.arrayOption) ? (node.data.arrayOption as unknown[]) : [];
  return list.flatMap((o) => {
    const option = o as { number?: unknown; value?: unknown } | null;
    const number = Number(option?.number);
    return Number.isInteger(number) ? [{ number, value: text(option?.value) }] : [];
  });
}

/** The menu as the customer reads it: its message, then one "[n] value" line per option. */
export function menuText(node: FlowNode): string {
  const lines = menuOptions(node).map((o) => `[${o.number}] ${o.value}`);
  const message = text(node.data.message);
  return [message, lines.join("\n")].filter((part) => part.trim() !== "").join("\n\n");
}

export interface ContentElement {
  type: string;
  value: string;
  record: boolean;
}

/** A content block's items in `seq` order (an item seq does not name goes after, in array order). */
export function contentElements(node: FlowNode): ContentElement[] {
  const seq = Array.isArray(node.data.seq) ? (node.data.seq as unknown[]).map(String) : [];
  const items = Array.isArray(node.data.elements) ? (node.data.elements as Record<string, unknown>[]) : [];
  const rank = (item: Record<string, unknown>) => {
    const at = seq.indexOf(String(item.number));
    return at === -1 ? seq.length : at;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => ({ type: text(item.type), value: text(item.value), record: item.record === true }));
}
