/** The Help tab's form (core-platform §2.18): title, description and the video code (or a pasted YouTube address). */
import { helpLimits, youtubeVideoId, type HelpDto } from "@balcao/contracts";
import { z } from "zod";
import { msg } from "../../auth/auth-schemas";

export const helpFormSchema = z.object({
  title: z.string().trim().min(1, msg.required).max(helpLimits.titleMax, msg.tooLong),
  description: z.string().max(helpLimits.descriptionMax, msg.tooLong),
  video: z
    .string()
    .trim()
    .min(1, msg.required)
    .refine((v) => youtubeVideoId(v) !== null, "settings.helps.form.videoInvalid"),
});

export type HelpFormValues = z.infer<typeof helpFormSchema>;

export const emptyHelpForm: HelpFormValues = { title: "", description: "", video: "" };

export const toFormValues = (help: HelpDto): HelpFormValues => ({
  title: help.title,
  description: help.description,
  video: help.video,
});

/** The body of POST and PUT /helps: the code itself, whatever was pasted. */
export const toSaveBody = (values: HelpFormValues) => ({
  title: values.title,
  description: values.description.trim(),
  video: youtubeVideoId(values.video) ?? values.video,
});
