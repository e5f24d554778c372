/**
 * What PostgreSQL would refuse (a NUL, a lone surrogate) becomes U+FFFD, and
 * nothing else changes: text with neither is handed back as it was, a pair
 * (an emoji) stays, and six characters a customer typed that only look like an
 * escape ("\u0000" as text) are kept as typed.
 */
import { describe, expect, it } from "vitest";
import { storableJson, storableJsonText, storableText } from "./storable.js";

describe("storable text", () => {
  it("replaces NULs and lone surrogates, keeps pairs and look-alike text", () => {
    expect(storableText("oi\u0000 tudo\ud83d bem \udc00")).toBe("oi\uFFFD tudo\uFFFD bem \uFFFD");
    expect(storableText("bom dia 😀")).toBe("bom dia 😀");
    expect(storableText("\\u0000")).toBe("\\u0000");
  });

  it("gives back the same value when nothing needs cleaning, a cleaned copy otherwise", () => {
    const clean = { a: ["x", { b: "😀" }], n: 1 };
    expect(storableJson(clean)).toBe(clean);
    const dirty = { a: ["x\u0000", { "k\ud800": "y" }] };
    expect(storableJson(dirty)).toEqual({ a: ["x\uFFFD", { "k\uFFFD": "y" }] });
    expect(dirty.a[0]).toBe("x\u0000");
  });

  it("serialises to JSON jsonb takes, escaping nothing it need not", () => {
    expect(JSON.parse(storableJsonText({ t: "a\u0000b", e: "😀", typed: "\\u0000", d: new Date(0) }))).toEqual({
      t: "a\uFFFDb",
      e: "😀",
      typed: "\\u0000",
      d: "1970-01-01T00:00:00.000Z",
    });
    expect(storableJsonText({ typed: "\\ud800" })).toBe(JSON.stringify({ typed: "\\ud800" }));
    expect(storableJsonText({ lone: "\ud800" })).toBe(JSON.stringify({ lone: "\uFFFD" }));
  });
});
