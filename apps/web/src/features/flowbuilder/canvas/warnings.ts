/**
 * The warning panel (issue 18 item 2, beyond the spec): blocks the start never reaches,
 * and menu options, randomizer and condition branches that lead nowhere. It warns and
 * never blocks a save: a branch without an edge simply ends the flow there.
 */
import { flowBuilder, flowNodeOutputs, type FlowNodeType } from "@balcao/contracts";
import type { CanvasEdge, CanvasNode } from "./types";

export type FlowWarning =
  | { kind: "noStart" }
  | { kind: "unreachable"; nodeId: string; type: FlowNodeType }
  | { kind: "openOutput"; nodeId: string; type: FlowNodeType; handle: string };

/** The node types whose every output is a choice the customer (or chance) makes. */
const branching: readonly FlowNodeType[] = ["menu", "randomizer", "condition"];

/** Ids of the nodes reachable from the start node along edges. */
export function reachableFrom(startId: string, edges: CanvasEdge[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const seen = new Set([startId]);
  const queue = [startId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const target of next.get(id) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

/** The outputs of a branching node that no edge leaves from. */
function openOutputs(node: CanvasNode, edges: CanvasEdge[]): string[] {
  if (!node.type || !branching.includes(node.type)) return [];
  const used = new Set(edges.filter((e) => e.source === node.id).map((e) => e.sourceHandle ?? "a"));
  return flowNodeOutputs({ type: node.type, data: node.data }).filter((h) => !used.has(h));
}

export function flowWarnings(nodes: CanvasNode[], edges: CanvasEdge[]): FlowWarning[] {
  const warnings: FlowWarning[] = [];
  const hasStart = nodes.some((n) => n.id === flowBuilder.startNodeId);
  if (!hasStart) warnings.push({ kind: "noStart" });
  const reached = hasStart ? reachableFrom(flowBuilder.startNodeId, edges) : new Set<string>();
  for (const node of nodes) {
    const type = node.type ?? "message";
    if (hasStart && !reached.has(node.id)) warnings.push({ kind: "unreachable", nodeId: node.id, type });
    for (const handle of openOutputs(node, edges)) warnings.push({ kind: "openOutput", nodeId: node.id, type, handle });
  }
  return warnings;
}
