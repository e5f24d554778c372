/** The permission table answers for the three roles only (core-platform §6). */
import { describe, expect, it } from "vitest";
import { can, permissions } from "./permissions.js";

describe("can", () => {
  it("denies everything to a role named like a member every object inherits", () => {
    for (const profile of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      for (const permission of permissions) expect(can(profile, permission), profile).toBe(false);
    }
  });

  it("grants an admin every permission and an agent none", () => {
    for (const permission of permissions) {
      expect(can("admin", permission)).toBe(true);
      expect(can("user", permission)).toBe(false);
    }
  });
});
