/**
 * The message input's rules (core-platform §2.11, §5 "Sending messages",
 * §7.5, business-areas §2.7): the signature, quick-answer suggestions and
 * the names files are sent under.
 */
import { limits, type QuickMessageDto } from "@balcao/contracts";

/** Empty or whitespace-only text is never sent. */
export const isSendable = (text: string) => text.trim().length > 0;

/** With signing on the body is "*{user name}:*", a line break, then the text. */
export function signedBody(text: string, userName: string, sign: boolean): string {
  return sign ? `*${userName}:*\n${text}` : text;
}

/** "/{shortcode} - {message cut to 35 characters}" (with "..." when cut, as the spec's client shows it). */
export function quickAnswerLabel(q: Pick<QuickMessageDto, "shortcode" | "message">): string {
  const max = limits.quickAnswerPreview;
  const message = q.message.length > max ? `${q.message.slice(0, max)}...` : q.message;
  return `/${q.shortcode} - ${message}`;
}

/** What a text asks of the quick answers: the shortcode part typed after a leading "/", or null for none. */
export function quickAnswerSearch(text: string): string | null {
  if (!text.startsWith("/") || text.includes("\n")) return null;
  return text.slice(1).trim().toLowerCase();
}

/**
 * Text starting with "/" lists the quick answers whose shortcode contains
 * what follows it (the server searched by it; this narrows what it answered
 * for a shorter text while the new answer comes).
 */
export function quickAnswerMatches<Q extends Pick<QuickMessageDto, "shortcode">>(text: string, list: Q[]): Q[] {
  const typed = quickAnswerSearch(text);
  if (typed === null) return [];
  return list.filter((q) => q.shortcode.toLowerCase().includes(typed));
}

/** Quick-message media is sent as {timestamp}.{ext}, the extension taken from its stored path. */
export function quickMediaFileName(mediaPath: string, now: number = Date.now()): string {
  const file = mediaPath.split(/[?#]/)[0]?.split("/").pop() ?? "";
  const dot = file.lastIndexOf(".");
  return dot > 0 ? `${now}.${file.slice(dot + 1)}` : String(now);
}

/** A recorded audio goes as audio-record-site-{timestamp}.mp3; the server makes it a voice note. */
export const recordedAudioName = (now: number = Date.now()) => `audio-record-site-${now}.mp3`;

/** A recording smaller than 10000 bytes is discarded. */
export const isRecordingKept = (bytes: number) => bytes >= limits.minRecordedAudioBytes;

/** The recording timer, mm:ss. */
export function recordingTime(seconds: number): string {
  const mm = Math.floor(seconds / 60);
  const ss = Math.floor(seconds % 60);
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

/** signOption: stored "true"/"false" (or a boolean), default true. */
export function readSignOption(stored: unknown): boolean {
  return !(stored === false || stored === "false");
}

/**
 * Refusals that come before the server stores a message (not open, invalid,
 * unknown quote, bad file). Any other failure is a provider refusal: the
 * message was kept with its sendError and shows Retry, so the box is cleared.
 */
const refusedBeforeStoring = new Set([
  "ERR_NO_PERMISSION",
  "ERR_VALIDATION",
  "ERR_NO_TICKET_FOUND",
  "ERR_NOT_FOUND",
  "ERR_PAYLOAD_TOO_LARGE",
  "ERR_INVALID_FILE",
  "ERR_FILE_TOO_LARGE",
  "ERR_TOO_MANY_PARTS",
  "ERR_TOO_MANY_UPLOADS",
  "ERR_INVALID_TOKEN",
]);

export function sendWasStored(code: string | undefined): boolean {
  return code !== undefined && !refusedBeforeStoring.has(code);
}
