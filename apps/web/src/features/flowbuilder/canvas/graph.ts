/**
 * The saved graph (issue 18 "The saved graph") ↔ the canvas. Loading keeps each node's
 * style, selected and width; saving sends them back as the canvas has them, and every
 * edge with its handles and `type: "buttonedge"`.
 */
import { flowBuilder, type FlowConnection, type FlowGraph, type FlowNode } from "@balcao/contracts";
import { CARD_WIDTH, EDGE_TYPE, type CanvasEdge, type CanvasNode } from "./types";

/** §4: the node an empty flow starts with. */
export function startNode(position: { x: number; y: number } = flowBuilder.startPosition): CanvasNode {
  return { id: flowBuilder.startNodeId, type: "start", position: { ...position }, data: { label: "Inicio do fluxo" } };
}

function nodeToCanvas(node: FlowNode): CanvasNode {
  const canvas: CanvasNode = {
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    data: node.data,
  };
  if (node.style && typeof node.style === "object") canvas.style = node.style;
  if (typeof node.selected === "boolean") canvas.selected = node.selected;
  if (typeof node.width === "number") canvas.width = node.width;
  return canvas;
}

function edgeToCanvas(edge: FlowConnection): CanvasEdge {
  return {
    ...edge,
    type: typeof edge.type === "string" ? edge.type : EDGE_TYPE,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
  };
}

/** A loaded flow on the canvas; `null` or no nodes gives the start node at (250, 100). */
export function toCanvas(graph: FlowGraph | null | undefined): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  if (!graph || graph.nodes.length === 0) return { nodes: [startNode()], edges: [] };
  return { nodes: graph.nodes.map(nodeToCanvas), edges: graph.connections.map(edgeToCanvas) };
}

/** A card's width: the one it was saved with, else what the canvas measured. */
export function nodeWidth(node: CanvasNode): number {
  return node.width ?? node.measured?.width ?? CARD_WIDTH;
}

function nodeToGraph(node: CanvasNode): FlowNode {
  return {
    id: node.id,
    type: node.type ?? "message",
    position: { x: node.position.x, y: node.position.y },
    data: node.data,
    style: node.style ?? {},
    selected: node.selected ?? false,
    width: nodeWidth(node),
  };
}

function edgeToGraph(edge: CanvasEdge): FlowConnection {
  const { id, source, target, sourceHandle, targetHandle, type } = edge;
  return {
    id,
    source,
    target,
    sourceHandle: sourceHandle ?? null,
    targetHandle: targetHandle ?? null,
    type: type ?? EDGE_TYPE,
  };
}

/** The canvas as POST /flowbuilder/flow's nodes and connections. */
export function toGraph(nodes: CanvasNode[], edges: CanvasEdge[]): FlowGraph {
  return { nodes: nodes.map(nodeToGraph), connections: edges.map(edgeToGraph) };
}

/**
 * What a save would change, without what a click or a measure changes (selection,
 * highlight style, width): two equal signatures mean nothing is left unsaved.
 */
export function graphSignature(nodes: CanvasNode[], edges: CanvasEdge[]): string {
  return JSON.stringify([
    nodes.map((n) => [n.id, n.type, Math.round(n.position.x), Math.round(n.position.y), n.data]),
    edges.map((e) => [e.source, e.sourceHandle ?? null, e.target, e.targetHandle ?? null]),
  ]);
}
