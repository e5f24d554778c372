import { describe, expect, it } from "vitest";
import { formatBytes, usedPercent } from "./storage-usage";

describe("storage usage", () => {
  it("writes bytes in the largest whole unit, in the page's language", () => {
    expect(formatBytes(0, "pt-BR")).toBe("0 B");
    expect(formatBytes(1536, "pt-BR")).toBe("1,5 KB");
    expect(formatBytes(2048 * 1024 * 1024, "en")).toBe("2 GB");
    expect(formatBytes(700 * 1024, "en")).toBe("700 KB");
  });

  it("caps the share at 100 and treats a plan without room as full", () => {
    expect(usedPercent(512 * 1024, 1)).toBe(50);
    expect(usedPercent(5 * 1024 * 1024, 1)).toBe(100);
    expect(usedPercent(1, 0)).toBe(100);
    expect(usedPercent(0, 0)).toBe(0);
  });
});
