/**
 * Bad input for every route, made from the route's own zod schemas (issue 19
 * item 4): a valid request first (values from the schema's JSON Schema, ids
 * of rows that exist), then the same request with one value made bad at a
 * time, so each bad value is what the server gets past validation with.
 */
import { z } from "zod";
import type { RouteEntry } from "../src/http/app.js";

/** A JSON Schema node as zod's toJSONSchema writes it. */
interface Node {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Node[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  additionalProperties?: Node | boolean;
}

/** What a route validates, as JSON Schema (absent when the route validates none). */
export function routeSchema(route: RouteEntry, part: "params" | "querystring" | "body"): Node | undefined {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  return schema ? (z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as Node) : undefined;
}

export interface Samples {
  /** An existing row's id for a field ("queueId", "tags.id"; `default` for any other id). */
  ids: Record<string, number> & { default: number };
  /** A valid value for string fields the schema alone cannot tell (an email, a colour, a video link). */
  strings: Record<string, () => string>;
}

const int32Max = 2 ** 31 - 1;
const typeOf = (node: Node) => [node.type ?? []].flat().find((t) => t !== "null");

function sampleString(node: Node, name: string, samples: Samples): string {
  const known = samples.strings[name];
  if (known) return known();
  if (node.format === "date") return "2030-01-15";
  if (node.pattern?.includes("[0-5]\\d$")) return "09:00";
  if (node.pattern?.startsWith("^#")) return "#1a2b3c";
  const text = "walk".repeat(Math.ceil((node.minLength ?? 1) / 4));
  return text.slice(0, Math.max(node.maxLength ?? text.length, node.minLength ?? 0));
}

function sampleNumber(node: Node, path: string[], samples: Samples): number {
  if (node.minimum === 1 && node.maximum === int32Max) {
    return samples.ids[path.join(".")] ?? samples.ids[path.at(-1) ?? ""] ?? samples.ids.default;
  }
  if (typeof node.default === "number") return node.default;
  return Math.min(Math.max(node.minimum ?? 1, 1), node.maximum ?? 1);
}

/** A valid value for `node`; `path` names it (its field, and the fields around it). */
export function sample(node: Node, path: string[], samples: Samples): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const name = path.at(-1) ?? "";
  if (node.anyOf) {
    // An optional id with no row of its kind here (a prompt, an integration) is left empty.
    const empty = node.anyOf.find((n) => n.type === "null");
    if (empty && !(name in samples.ids)) return null;
    const meaningful = node.anyOf.find((n) => typeOf(n) && n.const !== "" && n.type !== "boolean");
    return sample(meaningful ?? node.anyOf[0]!, path, samples);
  }
  switch (typeOf(node)) {
    case "string":
      return sampleString(node, name, samples);
    case "integer":
    case "number":
      return sampleNumber(node, path, samples);
    case "boolean":
      return node.default ?? true;
    case "array":
      return node.items ? [sample(node.items, path, samples)] : [];
    case "object":
      return sampleObject(node, path, samples);
    default:
      return samples.strings[name]?.() ?? "walk";
  }
}

function sampleObject(node: Node, path: string[], samples: Samples): Record<string, unknown> {
  if (!node.properties) {
    // A record (a spreadsheet row): the columns a row is read by.
    return { name: "Walk Row", number: samples.strings.number!() };
  }
  return Object.fromEntries(Object.entries(node.properties).map(([k, n]) => [k, sample(n, [...path, k], samples)]));
}

/** Every string and number inside `value`, by its path of keys and indexes. */
export function leaves(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return typeof value === "string" || typeof value === "number" ? [{ path, value }] : [];
}

/** `value` with the leaf at `path` replaced. */
export function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/** Ids past the integer columns, negative and not numbers at all. */
export const badIds = ["2147483648", "9007199254740992", "-1", "abc"];
/** Text PostgreSQL cannot store: a NUL character and a lone UTF-16 surrogate. */
export const badTexts = ["a\u0000b", "a\ud800b"];

export const json = { "content-type": "application/json" };
export const multipart = (boundary?: string) => ({
  "content-type": boundary ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data",
});
/** A form's text field under the boundary "walk", not closed. */
export const formField = (name: string, value: string) =>
  `--walk\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
