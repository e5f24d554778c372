import { describe, expect, it } from "vitest";
import { emptyUserForm, toSaveBody, userFormSchema } from "./userForm";

const filled = { ...emptyUserForm, name: "Ana Lima", email: "ana@example.com" };
const errorOf = (creating: boolean, password: string) =>
  userFormSchema(creating)
    .safeParse({ ...filled, password })
    .error?.issues.find((i) => i.path[0] === "password")?.message;

describe("user modal form (core-platform §5)", () => {
  it("needs a password of 5 to 50 characters to add a user", () => {
    expect(errorOf(true, "")).toBe("userModal.validation.required");
    expect(errorOf(true, "1234")).toBe("userModal.validation.tooShort");
    expect(errorOf(true, "x".repeat(51))).toBe("userModal.validation.tooLong");
    expect(errorOf(true, "12345")).toBeUndefined();
  });

  it("keeps the current password when an edit leaves it empty", () => {
    expect(errorOf(false, "")).toBeUndefined();
    expect(errorOf(false, "1234")).toBe("userModal.validation.tooShort");
    expect(toSaveBody({ ...filled, password: "" }, { editProfile: true, editQueues: true })).not.toHaveProperty(
      "password",
    );
  });

  it("leaves out what the signed-in user may not change", () => {
    const body = toSaveBody({ ...filled, profile: "admin", queueIds: [3] }, { editProfile: false, editQueues: false });
    expect(body).toEqual({ name: "Ana Lima", email: "ana@example.com" });
  });
});
