/**
 * The announcement modal's form (business-areas §5 Announcement): title and
 * text required (announcements.dialog.form.required), status and priority
 * from selects, and an optional .png/.jpg/.jpeg image checked before upload
 * (the server checks it again, bytes included).
 */
import type { AnnouncementDto, AnnouncementSave } from "@balcao/contracts";
import { z } from "zod";

const required = "announcements.dialog.form.required";

export const announcementFormSchema = z.object({
  title: z.string().trim().min(1, required),
  text: z.string().trim().min(1, required),
  status: z.enum(["true", "false"]),
  priority: z.enum(["1", "2", "3"]),
});
export type AnnouncementFormValues = z.infer<typeof announcementFormSchema>;

export const emptyAnnouncementForm: AnnouncementFormValues = { title: "", text: "", status: "true", priority: "3" };

export function toAnnouncementForm(a: AnnouncementDto): AnnouncementFormValues {
  return {
    title: a.title,
    text: a.text,
    status: a.status ? "true" : "false",
    priority: String(a.priority) as AnnouncementFormValues["priority"],
  };
}

export function toAnnouncementBody(v: AnnouncementFormValues): AnnouncementSave {
  return { title: v.title, text: v.text, status: v.status === "true", priority: Number(v.priority) as 1 | 2 | 3 };
}

/** What the file input accepts; the size is the server's image limit. */
export const imageAccept = ".png,.jpg,.jpeg";
const imageMaxBytes = 5 * 1024 * 1024;

/** The server's code for a file it would refuse, checked before anything is sent. */
export function imageProblem(file: File): "ERR_INVALID_FILE" | "ERR_FILE_TOO_LARGE" | undefined {
  const ext = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
  if (!imageAccept.split(",").includes(ext) || file.size === 0) return "ERR_INVALID_FILE";
  if (file.size > imageMaxBytes) return "ERR_FILE_TOO_LARGE";
  return undefined;
}
