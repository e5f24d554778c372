import { describe, expect, it } from "vitest";
import { isCpfCnpj, subscriptionSchema } from "./billing.js";

describe("isCpfCnpj", () => {
  it("takes a CPF or CNPJ whose check digits hold, punctuation aside", () => {
    for (const valid of ["123.456.789-09", "11144477735", "11.222.333/0001-81", "11222333000181"]) {
      expect(isCpfCnpj(valid), valid).toBe(true);
    }
  });

  it("refuses wrong check digits, other lengths and repeated digits", () => {
    for (const invalid of ["123.456.789-00", "11144477700", "11.222.333/0001-80", "123", "", "111.111.111-11"]) {
      expect(isCpfCnpj(invalid), invalid).toBe(false);
    }
  });
});

describe("subscriptionSchema", () => {
  it("keeps the invoice id and the document's digits only: price, plan and card fields are dropped", () => {
    const parsed = subscriptionSchema.parse({
      invoiceId: "7",
      cpfCnpj: "123.456.789-09",
      price: 1,
      plan: "{}",
      cardNumber: "4111111111111111",
      cvv: "123",
    });
    expect(parsed).toEqual({ invoiceId: 7, cpfCnpj: "12345678909" });
    expect(subscriptionSchema.parse({ invoiceId: 7, cpfCnpj: "" })).toEqual({ invoiceId: 7, cpfCnpj: undefined });
  });
});
