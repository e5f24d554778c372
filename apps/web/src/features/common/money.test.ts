import { describe, expect, it } from "vitest";
import { formatBrl } from "./money";

describe("money", () => {
  it("is BRL in Brazilian format, from a number or the server's decimal string", () => {
    expect(formatBrl(30)).toBe("R$\u00a030,00");
    expect(formatBrl("49.9")).toBe("R$\u00a049,90");
    expect(formatBrl(1200)).toBe("R$\u00a01.200,00");
  });
});
