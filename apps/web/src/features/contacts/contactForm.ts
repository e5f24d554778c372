/**
 * The contact modal's form (business-areas §5 Contact, core-platform §5
 * "Contact modal"). Messages are i18n keys, translated where shown; the
 * number is checked by its digits, as the server stores it.
 */
import { contactDigits, contactLimits, limits, type ContactDetail } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `contactModal.validation.${key}`;

export const contactFormSchema = z.object({
  name: z.string().trim().min(1, m("required")).min(limits.nameMin, m("tooShort")).max(limits.nameMax, m("tooLong")),
  number: z
    .string()
    .refine((v) => contactDigits(v).length > 0, m("required"))
    .refine((v) => contactDigits(v).length >= limits.contactNumberMin, m("numberTooShort"))
    .refine((v) => contactDigits(v).length <= limits.contactNumberMax, m("numberTooLong")),
  email: z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .pipe(z.email(m("invalidEmail"))),
  ]),
  extraInfo: z
    .array(
      z.object({
        name: z.string().trim().min(1, m("required")).max(contactLimits.extraNameMax, m("tooLong")),
        value: z.string().max(contactLimits.extraValueMax, m("tooLong")),
      }),
    )
    .max(contactLimits.extraInfoMax),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

export type ContactPrefill = Partial<Pick<ContactFormValues, "name" | "number" | "email">>;

export function emptyContactForm(prefill: ContactPrefill = {}): ContactFormValues {
  return { name: "", number: "", email: "", extraInfo: [], ...prefill };
}

export function toContactForm(contact: ContactDetail): ContactFormValues {
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email,
    extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
  };
}

/** The body of POST /contacts and PUT /contacts/{id}: the extra info sent is the whole new set. */
export function toContactBody(values: ContactFormValues) {
  return { name: values.name, number: values.number, email: values.email, extraInfo: values.extraInfo };
}
