import { describe, expect, it } from "vitest";
import { checkoutFormSchema, emptyCheckoutForm } from "./checkoutForm";
import { subscriptionBody } from "./paySubscription";

const filled = { ...emptyCheckoutForm("Loja"), address2: "Rua A, 1", city: "São Paulo", zipcode: "01001-000" };

describe("checkout form (core-platform §5 Checkout)", () => {
  it("requires the data step's firstName, address, city and ZIP", () => {
    const result = checkoutFormSchema.safeParse(emptyCheckoutForm());
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["firstName", "address2", "city", "zipcode"]));
    expect(checkoutFormSchema.safeParse(filled).success).toBe(true);
  });

  it("checks the ZIP against the country", () => {
    expect(checkoutFormSchema.safeParse({ ...filled, zipcode: "0100" }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...filled, zipcode: "01001000" }).success).toBe(true);
    expect(checkoutFormSchema.safeParse({ ...filled, country: "usa", zipcode: "01001-000" }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...filled, country: "usa", zipcode: "10001" }).success).toBe(true);
  });

  it("takes a CPF or a CNPJ whose check digits hold, punctuated or not, or nothing", () => {
    for (const cpfCnpj of ["", "123.456.789-09", "12345678909", "12.345.678/0001-95"]) {
      expect(checkoutFormSchema.safeParse({ ...filled, cpfCnpj }).success).toBe(true);
    }
    for (const cpfCnpj of ["1234", "123.456.789-00", "111.111.111-11", "12.345.678/0001-90"]) {
      expect(checkoutFormSchema.safeParse({ ...filled, cpfCnpj }).success).toBe(false);
    }
  });
});

describe("what the checkout sends", () => {
  it("names the invoice and carries no card field, nor a price or plan", () => {
    const body = subscriptionBody(checkoutFormSchema.parse(filled), 7);
    expect(body).toMatchObject({ invoiceId: 7, firstName: "Loja", zipcode: "01001-000", country: "BR" });
    for (const field of ["nameOnCard", "cardNumber", "cvv", "expiryDate", "price", "plan", "users", "connections"]) {
      expect(body).not.toHaveProperty(field);
    }
    expect(body).not.toHaveProperty("cpfCnpj");
    expect(subscriptionBody({ ...filled, cpfCnpj: "12345678909" }, 7).cpfCnpj).toBe("12345678909");
  });
});
