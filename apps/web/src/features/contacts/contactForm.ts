/**
 * The contact modal's form (business-areas §5 Contact, core-platform §5
 * "Contact modal"). Messages are i18n keys, translated where shown; the
 * number is checked by its digits, as the server stores it, and may stay
 * empty only for a contact WhatsApp knows by user id (issue 19).
 */
import { contactDigits, contactLimits, limits, type ContactDetail } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `contactModal.validation.${key}`;

const digitCount = (v: string) => contactDigits(v).length;

export const contactFormSchema = z
  .object({
    name: z.string().trim().min(1, m("required")).min(limits.nameMin, m("tooShort")).max(limits.nameMax, m("tooLong")),
    number: z
      .string()
      .refine((v) => digitCount(v) === 0 || digitCount(v) >= limits.contactNumberMin, m("numberTooShort"))
      .refine((v) => digitCount(v) <= limits.contactNumberMax, m("numberTooLong")),
    /** WhatsApp knows the contact by a user id (a username, a LID): then it may have no number. */
    knownByUserId: z.boolean(),
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
  })
  .refine((v) => v.knownByUserId || digitCount(v.number) > 0, { message: m("required"), path: ["number"] });
export type ContactFormValues = z.infer<typeof contactFormSchema>;

export type ContactPrefill = Partial<Pick<ContactFormValues, "name" | "number" | "email">>;

export function emptyContactForm(prefill: ContactPrefill = {}): ContactFormValues {
  return { name: "", number: "", email: "", knownByUserId: false, extraInfo: [], ...prefill };
}

export function toContactForm(contact: ContactDetail): ContactFormValues {
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email,
    knownByUserId: contact.userId !== null,
    extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
  };
}

/** The body of POST /contacts and PUT /contacts/{id}: the extra info sent is the whole new set. */
export function toContactBody(values: ContactFormValues) {
  return { name: values.name, number: values.number, email: values.email, extraInfo: values.extraInfo };
}
