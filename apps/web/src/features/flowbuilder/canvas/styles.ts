/**
 * Node wrapper styles. They are saved with the node (§3 "style"), as clients of this
 * family do: a click highlights one node and clears the others (§2 "Canvas behaviour"),
 * a duplicate comes out grey (§4).
 */
import type { CSSProperties } from "react";
import type { CanvasNode } from "./types";

export const nodeStyles = {
  normal: { backgroundColor: "#13111C", padding: 0, borderRadius: 8 },
  highlight: { backgroundColor: "#0000FF", padding: 1, borderRadius: 8 },
  duplicate: { backgroundColor: "#555555", padding: 0, borderRadius: 8 },
} satisfies Record<string, CSSProperties>;

/** Highlights `id` (or nobody, for an edge click) and clears every other node's highlight. */
export function highlightOnly(nodes: CanvasNode[], id: string | null): CanvasNode[] {
  return nodes.map((node) => ({ ...node, style: node.id === id ? nodeStyles.highlight : nodeStyles.normal }));
}
