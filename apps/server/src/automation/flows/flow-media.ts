/**
 * A flow's stored media as a message (issue 18 item 5): the node's `url` is the path the flow media
 * routes stored it under, in the company's own media folder (a path into another company's folder sends
 * nothing). An audio with `record` goes as a voice note; one that is not Ogg/Opus already (an mp3) is
 * converted once, beside the original, and the converted file is reused by every run after.
 */
import { access } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "../../media/storage.js";
import { toVoiceNote, voiceNoteMimetype } from "../../media/voice-note.js";
import { mimetypeByName } from "../../modules/messages/outbound-media.js";
import type { OutgoingMedia } from "../../modules/messages/send-message.js";
import type { FlowMediaKind } from "./walker.js";

const fallback: Record<FlowMediaKind, string> = { image: "image/jpeg", audio: "audio/mpeg", video: "video/mp4" };

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The voice-note twin of a stored audio ("7/ab12.mp3" → "7/ab12-voice.ogg"), made on first use. */
async function voiceNoteOf(media: MediaStorage, companyId: number, mediaPath: string): Promise<string> {
  const parsed = path.posix.parse(mediaPath);
  const target = `${parsed.dir}/${parsed.name}-voice.ogg`;
  const full = media.resolve(target);
  if (await exists(full)) return target;
  // Written aside, then moved in (and counted): a crash mid-way never leaves a half file under the final name.
  const output = await media.incomingPath();
  await toVoiceNote(media.resolve(mediaPath), output);
  await media.place(companyId, output, target);
  return target;
}

export async function flowMedia(
  media: MediaStorage,
  companyId: number,
  kind: FlowMediaKind,
  url: string,
  voiceNote: boolean,
): Promise<OutgoingMedia | undefined> {
  if (!media.mayRead(url, companyId) || !(await exists(media.resolve(url)))) return undefined;
  const mediaName = path.posix.basename(url);
  const mimetype = mimetypeByName(url) ?? fallback[kind];
  if (kind !== "audio" || !voiceNote) return { mediaType: kind, mediaPath: url, mediaName, mimetype, voiceNote: false };
  if (mimetype === "audio/ogg") return { mediaType: "audio", mediaPath: url, mediaName, mimetype, voiceNote: true };
  try {
    const mediaPath = await voiceNoteOf(media, companyId, url);
    return { mediaType: "audio", mediaPath, mediaName, mimetype: voiceNoteMimetype, voiceNote: true };
  } catch {
    // ffmpeg found no audio in it: the customer still gets the file, as a plain audio, and the flow goes on.
    return { mediaType: "audio", mediaPath: url, mediaName, mimetype, voiceNote: false };
  }
}
