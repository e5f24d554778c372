/**
 * The web app's own strings, read from its translation files, so a test can
 * say "the English text for login.title is on screen" without copying copy.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./server.js";

export type Language = "pt" | "en" | "es";

type Tree = { [key: string]: string | Tree };
const cache = new Map<Language, Tree>();

function load(lng: Language): Tree {
  let tree = cache.get(lng);
  if (!tree) {
    tree = JSON.parse(readFileSync(path.join(repoRoot, "apps/web/src/i18n", `${lng}.json`), "utf8")) as Tree;
    cache.set(lng, tree);
  }
  return tree;
}

/** The text of `key` in `lng`, with {{name}} placeholders filled from `vars`. */
export function t(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = load(lng);
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no ${lng} text for ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}
