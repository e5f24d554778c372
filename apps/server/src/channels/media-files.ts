/**
 * File names for media that arrives from WhatsApp: the provider gives a
 * mimetype and sometimes a name; storage wants a plain extension it can
 * serve with the right content type.
 */
import path from "node:path";
import { ownEntry } from "@balcao/contracts";

const extensions: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "image/gif": ".gif",
  "audio/ogg": ".ogg",
  "audio/mpeg": ".mp3",
  "audio/mp4": ".m4a",
  "audio/aac": ".aac",
  "audio/amr": ".amr",
  "video/mp4": ".mp4",
  "video/3gpp": ".3gp",
  "application/pdf": ".pdf",
  "text/plain": ".txt",
  "application/zip": ".zip",
  // WhatsApp's animated store sticker: a zipped Lottie animation.
  "application/was": ".was",
  "application/msword": ".doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
  "application/vnd.ms-excel": ".xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
  "application/vnd.ms-powerpoint": ".ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
};

/** "audio/ogg; codecs=opus" → "audio/ogg". */
export function baseMimetype(mimetype: string): string {
  return mimetype.split(";")[0]!.trim().toLowerCase();
}

export function extensionFor(mimetype: string): string {
  return ownEntry(extensions, baseMimetype(mimetype)) ?? ".bin";
}

/** The sender's name when it has a plain extension, otherwise "<label><ext of the mimetype>". */
export function mediaFileName(mimetype: string, label: string, given?: string): string {
  const name = given ? path.basename(given.replace(/\\/g, "/")).trim() : "";
  if (name && /^\.[a-z0-9]{1,8}$/i.test(path.extname(name))) return name;
  return `${name || label}${extensionFor(mimetype)}`;
}
