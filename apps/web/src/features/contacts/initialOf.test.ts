import { describe, expect, it } from "vitest";
import { initialOf } from "./initialOf";

describe("initialOf", () => {
  it("skips the @ of a username and other marks", () => {
    expect(["@carla.s", "Ana", "5511", "+55 11", "ção"].map(initialOf)).toEqual(["C", "A", "5", "5", "Ç"]);
  });

  it("shows a whole emoji when the name has no letter or digit", () => {
    expect(initialOf("🙂")).toBe("🙂");
  });
});
