/**
 * The flow variables (§3 "Flow variables", §4 "Question answer keys"): the answer keys of
 * the question nodes, kept in the browser under `variables` as a JSON array for the dialogs
 * that list them, and rebuilt from the question nodes whenever a flow loads.
 */
import { flowBuilder } from "@balcao/contracts";
import type { CanvasNode, FlowData } from "./types";

/** A question node's answer key (data.typebotIntegration.answerKey), if it has one. */
export function answerKeyOf(data: FlowData | undefined): string | undefined {
  const integration = data?.typebotIntegration;
  if (!integration || typeof integration !== "object") return undefined;
  const key = (integration as { answerKey?: unknown }).answerKey;
  return typeof key === "string" && key !== "" ? key : undefined;
}

/** Every question node's answer key, once each, in node order. */
export function rebuildVariables(nodes: CanvasNode[]): string[] {
  const keys = nodes.filter((n) => n.type === "question").map((n) => answerKeyOf(n.data));
  return [...new Set(keys.filter((k): k is string => k !== undefined))];
}

/** A question created: its key joins the list unless it is there already. */
export function addVariable(list: string[], key: string | undefined): string[] {
  return key === undefined || list.includes(key) ? list : [...list, key];
}

/** A question edited: its old key leaves the list and the new one joins it. */
export function replaceVariable(list: string[], oldKey: string | undefined, newKey: string | undefined): string[] {
  return addVariable(
    list.filter((k) => k !== oldKey),
    newKey,
  );
}

export function readVariables(storage: Pick<Storage, "getItem"> = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(flowBuilder.variablesStorageKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

export function writeVariables(list: string[], storage: Pick<Storage, "setItem"> = localStorage) {
  storage.setItem(flowBuilder.variablesStorageKey, JSON.stringify(list));
}
