/**
 * Text PostgreSQL cannot store never reaches a service (issue 19): a NUL
 * character is refused in text and jsonb alike, and a lone UTF-16 surrogate
 * is not a character at all. Every request's params, query and body are
 * checked here, before any route validates them; multipart fields are checked
 * where uploads.ts reads them.
 */
import type { FastifyInstance } from "fastify";
import { isStorableText } from "../db/storable.js";
import { AppError } from "./errors.js";

/** A value met in the walk, and how it was reached (kept as links: a path string per value would be quadratic). */
interface Met {
  value: unknown;
  key: string;
  parent?: Met;
}

/** The field's path, its middle left out when deep (a body nested a million deep has a million keys). */
function shortPathOf(met: Met): string {
  const keys: string[] = [];
  for (let m: Met | undefined = met; m; m = m.parent) keys.push(m.key);
  keys.reverse();
  return keys.length > 8 ? `${keys[0]}….${keys.at(-1)}` : keys.join(".");
}

/**
 * The path of the first string (or key) inside `value` that cannot be stored,
 * if any. Walked with a list, not recursion: a JSON body nested a million
 * deep is parsed fine and must not overflow the stack here.
 */
export function unstorableTextAt(value: unknown, path: string): string | undefined {
  const pending: Met[] = [{ value, key: path }];
  for (let met = pending.pop(); met; met = pending.pop()) {
    const item = met.value;
    if (typeof item === "string") {
      if (!isStorableText(item)) return shortPathOf(met);
    } else if (typeof item === "object" && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item as Record<string, unknown>)) {
        const next = { value: inner, key, parent: met };
        if (!isStorableText(key)) return shortPathOf(next);
        pending.push(next);
      }
    }
  }
  return undefined;
}

/** Refuses, with 400 ERR_VALIDATION naming the field, any request that carries such text. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    for (const [part, value] of [
      ["params", req.params],
      ["query", req.query],
      ["body", req.body],
    ] as const) {
      const field = unstorableTextAt(value, part);
      if (field) throw new AppError("ERR_VALIDATION", { field });
    }
  });
}
