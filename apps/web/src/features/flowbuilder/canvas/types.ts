/** The builder's canvas types: an xyflow node carries a saved node's type and data (§3 "Node"). */
import type { Edge, Node } from "@xyflow/react";
import type { FlowNodeType } from "@balcao/contracts";

export type FlowData = Record<string, unknown>;
export type CanvasNode = Node<FlowData, FlowNodeType>;
export type CanvasEdge = Edge;

/** The edge type every connection is drawn with (§2: a custom edge with a delete button). */
export const EDGE_TYPE = "buttonedge";

/** A card's width before the canvas has measured it (placement needs one). */
export const CARD_WIDTH = 240;
