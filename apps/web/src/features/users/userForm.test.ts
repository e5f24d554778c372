import { describe, expect, it } from "vitest";
import { emptyUserForm, toSaveBody, userFormSchema } from "./userForm";

const filled = { ...emptyUserForm, name: "Ana Lima", email: "ana@example.com" };
const mayNothing = { editProfile: false, editQueues: false };
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

  it("asks one's own record for the current password to change email or password", () => {
    const saved = { email: "ana@example.com" };
    const currentError = (values: Partial<typeof filled>) =>
      userFormSchema(false, saved)
        .safeParse({ ...filled, ...values })
        .error?.issues.find((i) => i.path[0] === "currentPassword")?.message;
    expect(currentError({ password: "12345" })).toBe("userModal.validation.currentPasswordRequired");
    expect(currentError({ email: "other@example.com" })).toBe("userModal.validation.currentPasswordRequired");
    expect(currentError({ password: "12345", currentPassword: "old-one" })).toBeUndefined();
    // A rename, or the same email in other letter case, changes no credentials.
    expect(currentError({ name: "Ana Souza", email: "ANA@example.com" })).toBeUndefined();
    // Someone else's record (an admin's edit) never asks.
    expect(userFormSchema(false).safeParse({ ...filled, password: "12345", email: "other@example.com" }).success).toBe(
      true,
    );
    const body = toSaveBody({ ...filled, password: "12345", currentPassword: "old-one" }, mayNothing);
    expect(body).toMatchObject({ password: "12345", currentPassword: "old-one" });
  });

  it("leaves out what the signed-in user may not change", () => {
    const body = toSaveBody({ ...filled, profile: "admin", queueIds: [3] }, { editProfile: false, editQueues: false });
    expect(body).toEqual({ name: "Ana Lima", email: "ana@example.com" });
  });
});
