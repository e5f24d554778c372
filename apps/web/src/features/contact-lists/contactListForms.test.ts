import { describe, expect, it } from "vitest";
import { contactListFormSchema, contactListItemFormSchema, emptyItemForm } from "./contactListForms";

const itemErrors = (values: object) => {
  const parsed = contactListItemFormSchema.safeParse({ ...emptyItemForm, name: "Carla", ...values });
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the contact list modal", () => {
  it("takes a name of 2 to 50 characters (business-areas §5)", () => {
    // The form shows a field's first message.
    const shown = (name: string) => contactListFormSchema.safeParse({ name }).error?.issues[0]?.message;
    expect(shown("")).toBe("contactLists.dialog.nameRequired");
    expect(shown("a")).toBe("contactLists.dialog.nameShort");
    expect(shown("x".repeat(51))).toBe("contactLists.dialog.nameLong");
    expect(shown("Clientes")).toBeUndefined();
  });
});

describe("the contact list item modal", () => {
  it("counts the number's digits, as the server keeps it", () => {
    expect(itemErrors({ number: "+55 (11) 98765-4321" })).toEqual([]);
    expect(itemErrors({ number: "1234-567" })).toEqual([["number", "contactListItems.modal.validation.numberShort"]]);
    expect(itemErrors({ number: "1".repeat(51) })).toEqual([
      ["number", "contactListItems.modal.validation.numberLong"],
    ]);
  });

  it("takes no email or a valid one", () => {
    expect(itemErrors({ number: "5511987654321", email: "" })).toEqual([]);
    expect(itemErrors({ number: "5511987654321", email: "ana@" })).toEqual([
      ["email", "contactListItems.modal.validation.emailInvalid"],
    ]);
  });
});
