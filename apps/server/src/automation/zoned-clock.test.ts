/** zonedIso: an instant as exports write it, on the company's clock with its offset. */
import { describe, expect, it } from "vitest";
import { zonedIso } from "./zoned-clock.js";

describe("zonedIso", () => {
  it("writes the company's wall clock and its offset, which name the same instant", () => {
    const at = new Date("2026-12-07T05:04:09Z");
    expect(zonedIso(at, "America/Sao_Paulo")).toBe("2026-12-07T02:04:09-03:00");
    expect(zonedIso(at, "Asia/Kolkata")).toBe("2026-12-07T10:34:09+05:30");
    expect(zonedIso(at, "UTC")).toBe("2026-12-07T05:04:09+00:00");
    expect(new Date(zonedIso(at, "Asia/Kolkata")).getTime()).toBe(at.getTime());
  });
});
