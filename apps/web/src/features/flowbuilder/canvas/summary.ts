/** A few words that tell one block from another in the warning panel and the simulator. */
import type { CanvasNode } from "./types";

function clip(text: string, max = 32): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

/** A content block's first text item. */
function firstText(elements: unknown): string {
  if (!Array.isArray(elements)) return "";
  return str(
    field(
      elements.find((e) => field(e, "type") === "message"),
      "value",
    ),
  );
}

/** The card's main text: a message's label, a menu's or question's message, a ticket's queue… */
export function nodeExcerpt(node: CanvasNode): string {
  const { data } = node;
  const text =
    str(data.label) ||
    str(data.message) ||
    str(field(data.typebotIntegration, "message")) ||
    str(field(data.typebotIntegration, "name")) ||
    str(field(data.queue, "name")) ||
    str(data.key) ||
    firstText(data.elements);
  return clip(text);
}

/** The label of one of a node's outputs: "[2] Suco" for a menu option, "30%" for a randomizer branch. */
export function outputLabel(node: CanvasNode, handle: string): string {
  if (node.type === "randomizer") {
    const percent = Number(node.data.percent) || 0;
    return `${handle === "a" ? percent : 100 - percent}%`;
  }
  if (node.type === "menu" && Array.isArray(node.data.arrayOption)) {
    const option: unknown = node.data.arrayOption.find((o) => `a${str(field(o, "number"))}` === handle);
    if (option) return `[${str(field(option, "number"))}] ${clip(str(field(option, "value")), 24)}`;
  }
  return handle;
}
