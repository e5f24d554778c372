import { describe, expect, it } from "vitest";
import { contactFormSchema, emptyContactForm } from "./contactForm";

const errorsOf = (values: object) => {
  const parsed = contactFormSchema.safeParse({ ...emptyContactForm(), name: "Carla", ...values });
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the contact form's number", () => {
  it("is required for a contact WhatsApp does not know by user id", () => {
    expect(errorsOf({ number: "" })).toEqual([["number", "contactModal.validation.required"]]);
    expect(errorsOf({ number: "+55 (11) 98765-4321" })).toEqual([]);
  });

  it("may stay empty for a contact known by user id (a username, a LID), and is checked when typed", () => {
    expect(errorsOf({ number: "", knownByUserId: true })).toEqual([]);
    expect(errorsOf({ number: "12", knownByUserId: true })).toEqual([
      ["number", "contactModal.validation.numberTooShort"],
    ]);
  });
});
