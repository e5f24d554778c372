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

describe("WEBHOOK_RETRY_DELAYS", () => {
  it("is 10 s, 1 min, 5 min, 30 min and 2 h by default, any list of seconds when set", () => {
    expect(loadConfig({}).WEBHOOK_RETRY_DELAYS).toEqual([10, 60, 300, 1800, 7200]);
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: "1, 2,3" }).WEBHOOK_RETRY_DELAYS).toEqual([1, 2, 3]);
  });

  it("refuses what is not a list of whole seconds at start", () => {
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS: "10,soon" })).toThrow(/WEBHOOK_RETRY_DELAYS/);
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS: "-5" })).toThrow(/WEBHOOK_RETRY_DELAYS/);
  });
});
