/**
 * The checkout dialog's form (core-platform §3 "Checkout form", §5 "Checkout").
 * Pix needs no card, so the spec's card fields (nameOnCard, cardNumber,
 * expiryDate, cvv) are not in this form at all: they are never asked for,
 * kept or sent (issue 14 item 2). The data step requires what §5's second
 * reading names: firstName, address2, city, zipcode and country; the ZIP is
 * format-checked for the chosen country. The CPF/CNPJ is ours and optional:
 * the payment provider registers the payer with it.
 */
import { isCpfCnpj } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `checkoutPage.validation.${key}`;

export const checkoutCountries = ["BR", "usa"] as const;

/** Brazil's CEP (00000-000) and a US ZIP (00000 or 00000-0000). */
const zipFormats: Record<(typeof checkoutCountries)[number], RegExp> = {
  BR: /^\d{5}-?\d{3}$/,
  usa: /^\d{5}(-\d{4})?$/,
};

const required = () => z.string().trim().min(1, m("required")).max(100, m("tooLong"));
const optional = () => z.string().trim().max(100, m("tooLong"));

export const checkoutFormSchema = z
  .object({
    firstName: required(),
    lastName: optional(),
    address2: required(),
    city: required(),
    state: optional(),
    zipcode: required(),
    country: z.enum(checkoutCountries, m("required")),
    useAddressForPaymentDetails: z.boolean(),
    cpfCnpj: z
      .string()
      .trim()
      .refine((v) => v === "" || isCpfCnpj(v), m("cpfCnpj")),
  })
  .refine((v) => zipFormats[v.country].test(v.zipcode), { path: ["zipcode"], message: m("zipcode") });

export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;

/** The data step's fields, in the order they are shown. */
export const dataFields = ["firstName", "lastName", "address2", "city", "state", "zipcode", "cpfCnpj"] as const;

export function emptyCheckoutForm(companyName = ""): CheckoutFormValues {
  return {
    firstName: companyName,
    lastName: "",
    address2: "",
    city: "",
    state: "",
    zipcode: "",
    country: "BR",
    useAddressForPaymentDetails: true,
    cpfCnpj: "",
  };
}
