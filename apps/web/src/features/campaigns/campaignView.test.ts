import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { finishedNow, progressPercent } from "./campaignView";

describe("the campaign report", () => {
  it("shows progress as delivered / valid contacts × 100 (§9)", () => {
    expect(progressPercent({ delivered: 0, validContacts: 0 })).toBe(0);
    expect(progressPercent({ delivered: 1, validContacts: 4 })).toBe(25);
    expect(progressPercent({ delivered: 5, validContacts: 4 })).toBe(100);
  });

  it("reloads when an update marks the campaign FINALIZADA, not on later updates of a finished one (§4)", () => {
    expect(finishedNow("EM_ANDAMENTO", "FINALIZADA")).toBe(true);
    expect(finishedNow("EM_ANDAMENTO", "EM_ANDAMENTO")).toBe(false);
    expect(finishedNow("FINALIZADA", "FINALIZADA")).toBe(false);
    expect(finishedNow(undefined, "FINALIZADA")).toBe(false);
  });
});

type Tree = { [key: string]: string | Tree };
const here = path.dirname(fileURLToPath(import.meta.url));
const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
const section = (lng: string, name: string) =>
  (JSON.parse(readFileSync(path.join(here, "../../i18n", `${lng}.json`), "utf8")) as Tree)[name] as Tree;

describe("the campaign texts", () => {
  it.each(["campaigns", "campaignsConfig"])("has every %s key in pt, en and es", (name) => {
    const pt = keysOf(section("pt", name)).sort();
    expect(pt.length).toBeGreaterThan(0);
    expect(keysOf(section("en", name)).sort()).toEqual(pt);
    expect(keysOf(section("es", name)).sort()).toEqual(pt);
  });
});
