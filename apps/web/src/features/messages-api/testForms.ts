/** The test forms' fields (business-areas §2.18). Messages are i18n keys, translated where shown. */
import { contactDigits, limits } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `messagesAPI.validation.${key}`;

const token = z.string().trim().min(1, m("required"));
// Digits only, as the API keeps them: country code, area code (DDD), number.
const number = z
  .string()
  .trim()
  .min(1, m("required"))
  .refine((v) => contactDigits(v).length >= limits.contactNumberMin, m("number"));

export const textFormSchema = z.object({ token, number, body: z.string().trim().min(1, m("required")) });
export type TextFormValues = z.infer<typeof textFormSchema>;
export const emptyTextForm: TextFormValues = { token: "", number: "", body: "" };

export const mediaFormSchema = z.object({
  token,
  number,
  file: z
    .instanceof(File, { message: m("file") })
    .nullable()
    .refine((f) => f !== null, m("file")),
});
export type MediaFormValues = z.input<typeof mediaFormSchema>;
export const emptyMediaForm: MediaFormValues = { token: "", number: "", file: null };

/** The multipart body: number, body (the file's name) and medias (the file). */
export function mediaFormData(values: { number: string; file: File }): FormData {
  const form = new FormData();
  form.append("number", contactDigits(values.number));
  form.append("body", values.file.name);
  form.append("medias", values.file, values.file.name);
  return form;
}
