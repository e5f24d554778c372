/** The quick message modal's form (business-areas §5 "Quick message"): messages are i18n keys. */
import { quickMessageLimits, type QuickMessageDto } from "@balcao/contracts";
import { z } from "zod";

export const quickMessageFormSchema = z.object({
  shortcode: z
    .string()
    .trim()
    .min(1, "quickMessageModal.form.required")
    .max(quickMessageLimits.shortcodeMax, "quickMessageModal.form.tooLong"),
  message: z.string().max(quickMessageLimits.messageMax, "quickMessageModal.form.tooLong"),
  geral: z.boolean(),
  status: z.boolean(),
});

export type QuickMessageFormValues = z.infer<typeof quickMessageFormSchema>;

export const emptyQuickMessageForm: QuickMessageFormValues = { shortcode: "", message: "", geral: false, status: true };

export function toQuickMessageForm(q: QuickMessageDto): QuickMessageFormValues {
  return { shortcode: q.shortcode, message: q.message, geral: q.geral, status: q.status };
}

/** The variables the picker inserts: the server renders each of them (SERVER-BEHAVIOUR "Message variables"). */
export { messageVariables } from "@balcao/contracts";

export { insertAt } from "../common/useInsertAtCursor";

/** What the client sends (business-areas §7); the attachment goes through media-upload. */
export function toQuickMessageBody(values: QuickMessageFormValues) {
  return { ...values, shortcode: values.shortcode.trim() };
}
