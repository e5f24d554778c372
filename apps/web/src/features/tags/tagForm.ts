/** The tag modal's form (business-areas §5 Tag). Messages are i18n keys, translated where shown. */
import { defaultTagColor, tagLimits, type TagDto } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `tagModal.validation.${key}`;

export const tagFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, m("required"))
    .min(tagLimits.nameMin, m("tooShort"))
    .max(tagLimits.nameMax, m("tooLong")),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, m("color")),
  kanban: z.boolean(),
});
export type TagFormValues = z.infer<typeof tagFormSchema>;

export const emptyTagForm: TagFormValues = { name: "", color: defaultTagColor, kanban: false };

/** The colour input takes #rrggbb only; a stored #rgb is widened for it. */
export function sixDigitColor(color: string): string {
  return /^#[0-9a-fA-F]{3}$/.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color;
}

export function toTagForm(tag: TagDto): TagFormValues {
  return { name: tag.name, color: sixDigitColor(tag.color), kanban: tag.kanban === 1 };
}

export function toTagBody(values: TagFormValues, userId: number | undefined) {
  return { name: values.name, color: values.color.toLowerCase(), kanban: values.kanban ? 1 : 0, userId };
}
