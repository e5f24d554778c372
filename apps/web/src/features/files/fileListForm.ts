/** The file-list dialog's form (automation-areas §5 "File list"): messages are i18n keys of fileModal.formErrors. */
import { fileListLimits, type FileListDto } from "@balcao/contracts";
import { z } from "zod";

export const fileListFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "fileModal.formErrors.name.required")
    .min(fileListLimits.nameMin, "fileModal.formErrors.name.short")
    .max(fileListLimits.nameMax, "fileModal.formErrors.name.long"),
  message: z
    .string()
    .trim()
    .min(1, "fileModal.formErrors.message.required")
    .max(fileListLimits.messageMax, "fileModal.formErrors.message.long"),
  options: z
    .array(
      z.object({
        /** The saved option's id; absent for a row added in this dialog. */
        optionId: z.number().optional(),
        name: z.string().max(fileListLimits.optionNameMax, "fileModal.formErrors.option.long"),
      }),
    )
    .max(fileListLimits.optionsMax, "fileModal.formErrors.option.tooMany"),
});

export type FileListFormValues = z.infer<typeof fileListFormSchema>;

export const emptyFileListForm: FileListFormValues = { name: "", message: "", options: [] };

export function toFileListForm(list: FileListDto): FileListFormValues {
  return {
    name: list.name,
    message: list.message,
    options: list.options.map((o) => ({ optionId: o.id, name: o.name })),
  };
}

/** What the client sends (automation-areas §7): the options in the dialog's order, files after the save. */
export function toFileListBody(values: FileListFormValues, userId: number | undefined) {
  return {
    name: values.name.trim(),
    message: values.message.trim(),
    userId,
    options: values.options.map((o) => ({ ...(o.optionId === undefined ? {} : { id: o.optionId }), name: o.name })),
  };
}

/**
 * The upload form of POST /files/uploadList/{fileId}: fileId, typeArch, then
 * files, mediaType, name and id for each option with a file chosen. The saved
 * list's options come back in the order sent, so the n-th row is the n-th option.
 */
export function uploadFormOf(saved: FileListDto, chosen: (File | undefined)[]): FormData | null {
  const form = new FormData();
  form.append("fileId", String(saved.id));
  form.append("typeArch", "fileList");
  let any = false;
  chosen.forEach((file, i) => {
    const option = saved.options[i];
    if (!file || !option) return;
    any = true;
    form.append("files", file);
    form.append("mediaType", file.type);
    form.append("name", option.name);
    form.append("id", String(option.id));
  });
  return any ? form : null;
}
