/**
 * Node wrapper styles. They are saved with the node (§3 "style"), as clients of this
 * family do: a click highlights one node and clears the others (§2 "Canvas behaviour"),
 * a duplicate comes out grey (§4).
 */
import type { CSSProperties } from "react";
import type { CanvasNode } from "./types";

export const nodeStyles = {
  normal: { backgroundColor: "#13111C", padding: 0, borderRadius: 8 },
  highlight: { backgroundColor: "#2979FF", padding: 2, borderRadius: 8 },
  duplicate: { backgroundColor: "#555555", padding: 0, borderRadius: 8 },
} satisfies Record<string, CSSProperties>;

/**
 * Highlights `id` (or nobody, for an edge click) and clears the highlight of every other
 * node; a node that is not highlighted keeps its style (a grey duplicate stays grey).
 */
export function highlightOnly(nodes: CanvasNode[], id: string | null): CanvasNode[] {
  return nodes.map((node) => {
    if (node.id === id) return node.style === nodeStyles.highlight ? node : { ...node, style: nodeStyles.highlight };
    return isHighlighted(node.style) ? { ...node, style: nodeStyles.normal } : node;
  });
}

/** Compared by value: a loaded node's style is a copy, not this module's object. */
function isHighlighted(style: CSSProperties | undefined): boolean {
  return (
    style?.backgroundColor === nodeStyles.highlight.backgroundColor && style?.padding === nodeStyles.highlight.padding
  );
}
