/** The contact list and item modals' forms (business-areas §5). Messages are i18n keys, translated where shown. */
import { contactDigits, limits, type ContactListItemDto } from "@balcao/contracts";
import { z } from "zod";

export const contactListFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "contactLists.dialog.nameRequired")
    .min(limits.nameMin, "contactLists.dialog.nameShort")
    .max(limits.nameMax, "contactLists.dialog.nameLong"),
});
export type ContactListFormValues = z.infer<typeof contactListFormSchema>;

const m = (key: string) => `contactListItems.modal.validation.${key}`;

export const contactListItemFormSchema = z.object({
  name: z.string().trim().min(1, m("required")).min(limits.nameMin, m("nameShort")).max(limits.nameMax, m("nameLong")),
  // Counted in digits, as the server keeps the number: "+55 (11) 98765-4321" is 13.
  number: z
    .string()
    .trim()
    .refine((v) => contactDigits(v).length >= limits.contactNumberMin, m("numberShort"))
    .refine((v) => contactDigits(v).length <= limits.contactNumberMax, m("numberLong")),
  email: z.union([z.literal(""), z.email(m("emailInvalid"))]),
});
export type ContactListItemFormValues = z.infer<typeof contactListItemFormSchema>;

export const emptyItemForm: ContactListItemFormValues = { name: "", number: "", email: "" };

export function toItemForm(item: ContactListItemDto): ContactListItemFormValues {
  return { name: item.name, number: item.number, email: item.email };
}
