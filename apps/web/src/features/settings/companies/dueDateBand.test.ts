import { describe, expect, it } from "vitest";
import { dueDateBand, dueDateBandForDays } from "./dueDateBand";

describe("dueDateBandForDays", () => {
  it.each([
    [-30, "red"],
    [-5, "red"],
    [-4, "red"],
    [-3, "orange"],
    [0, "orange"],
    [4, "orange"],
    [5, "yellow"],
    [6, null],
    [365, null],
  ] as const)("%i days → %s", (days, band) => {
    expect(dueDateBandForDays(days)).toBe(band);
  });
});

describe("dueDateBand", () => {
  const today = new Date(2030, 2, 10, 15, 30);
  it("counts calendar days from the browser's today to the due date", () => {
    expect(dueDateBand("2030-03-15", today)).toBe("yellow");
    expect(dueDateBand("2030-03-14", today)).toBe("orange");
    expect(dueDateBand("2030-03-07", today)).toBe("orange");
    expect(dueDateBand("2030-03-06", today)).toBe("red");
    expect(dueDateBand("2030-03-16", today)).toBeNull();
  });

  it("leaves a company without a due date uncoloured", () => {
    expect(dueDateBand(null, today)).toBeNull();
  });
});
