import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("WHATSAPP_WEB_VERSION", () => {
  it("is Baileys' own when unset, and a version triple when set", () => {
    expect(loadConfig({}).WHATSAPP_WEB_VERSION).toBeUndefined();
    expect(loadConfig({ WHATSAPP_WEB_VERSION: "2.3000.1023223821" }).WHATSAPP_WEB_VERSION).toEqual([
      2, 3000, 1023223821,
    ]);
  });

  it("refuses anything else at start", () => {
    expect(() => loadConfig({ WHATSAPP_WEB_VERSION: "latest" })).toThrow(/WHATSAPP_WEB_VERSION/);
  });
});
