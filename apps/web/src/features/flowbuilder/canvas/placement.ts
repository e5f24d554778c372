/**
 * Node placement and the card actions (§4 "Builder dialogs and node actions", §9): a new
 * node goes right of the last one, a duplicate right of everything, a start block
 * replaces node '1'.
 */
import { flowBuilder, newFlowNodeId, type FlowNodeType } from "@balcao/contracts";
import { nodeWidth, startNode } from "./graph";
import { nodeStyles } from "./styles";
import type { CanvasEdge, CanvasNode, FlowData } from "./types";

/** x = the last node's x + its width + 40, y = the last node's y; (250, 100) on an empty canvas. */
export function newNodePosition(nodes: CanvasNode[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { ...flowBuilder.startPosition };
  return { x: last.position.x + nodeWidth(last) + flowBuilder.placeGap, y: last.position.y };
}

/** x = the greatest x + 240, y = the last node's y. */
export function duplicatePosition(nodes: CanvasNode[]): { x: number; y: number } {
  const last = nodes.at(-1);
  if (!last) return { ...flowBuilder.startPosition };
  const maxX = Math.max(...nodes.map((n) => n.position.x));
  return { x: maxX + flowBuilder.duplicateGap, y: last.position.y };
}

/** A block from the add menu (after its dialog, when it has one). */
export function addNode(nodes: CanvasNode[], type: FlowNodeType, data: FlowData, id = newFlowNodeId()): CanvasNode[] {
  if (type === "start") {
    const others = nodes.filter((n) => n.id !== flowBuilder.startNodeId);
    return [...others, startNode(newNodePosition(others))];
  }
  return [...nodes, { id, type, position: newNodePosition(nodes), data }];
}

/** An edit dialog's save: the node with that id gets the new data. */
export function replaceData(nodes: CanvasNode[], id: string, data: FlowData): CanvasNode[] {
  return nodes.map((n) => (n.id === id ? { ...n, data } : n));
}

/** A copy with a new id, unselected and grey; the start node is never copied (a flow has one). */
export function duplicateNode(nodes: CanvasNode[], id: string, newId = newFlowNodeId()): CanvasNode[] {
  const source = nodes.find((n) => n.id === id);
  if (!source || source.type === "start") return nodes;
  const copy: CanvasNode = {
    id: newId,
    type: source.type,
    position: duplicatePosition(nodes),
    data: structuredClone(source.data),
    selected: false,
    style: nodeStyles.duplicate,
  };
  if (source.width !== undefined) copy.width = source.width;
  return [...nodes, copy];
}

/** Removes the node and every edge that starts or ends at it. */
export function deleteNode(nodes: CanvasNode[], edges: CanvasEdge[], id: string) {
  return {
    nodes: nodes.filter((n) => n.id !== id),
    edges: edges.filter((e) => e.source !== id && e.target !== id),
  };
}
