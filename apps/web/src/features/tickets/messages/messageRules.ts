/**
 * The message list's rules (core-platform §2.10, §3 "Message", §4.2): the
 * rows between bubbles (day separators, conversation ended/started when the
 * ticket changes), location bodies and the ack icon kind.
 */
import type { Ack, MessageDeleteScope, MessageDto } from "@balcao/contracts";
import { companyDate, companyDateTime, companyDay, companyTime } from "../../../app/company-clock";

export type MessageRow =
  | { kind: "day"; key: string; label: string }
  | { kind: "ticketChange"; key: string; endedAt: string; startedAt: string }
  | { kind: "message"; key: string; message: MessageDto };

/** Dates and times on the company's clock, whatever the browser's zone. */
export const dayLabel = (iso: string) => companyDate(iso);
export const dateTimeLabel = (iso: string) => companyDateTime(iso);
export const timeLabel = (iso: string) => companyTime(iso);

/** The company's calendar day: day separators fall at its midnight. */
const dayKey = (iso: string) => companyDay(iso);

/** A reaction replaced or taken back: WhatsApp no longer shows it, and neither does the list. */
const isWithdrawnReaction = (m: MessageDto) => m.mediaType === "reactionMessage" && m.isDeleted;

/** Oldest first, each message once (a realtime create may race a page load), without withdrawn reactions. */
export function orderMessages(messages: MessageDto[]): MessageDto[] {
  const byId = new Map<number, MessageDto>();
  for (const m of messages) byId.set(m.id, m);
  for (const [id, m] of byId) if (isWithdrawnReaction(m)) byId.delete(id);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/**
 * Bubbles with what goes between them: a dd/MM/yyyy separator whenever the
 * day changes, and "conversation ended / started" when two consecutive
 * messages belong to different tickets of the contact.
 */
export function buildRows(ordered: MessageDto[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: MessageDto | undefined;
  let previousDay = "";
  for (const message of ordered) {
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({
        kind: "ticketChange",
        key: `t-${message.id}`,
        endedAt: previous.createdAt,
        startedAt: message.createdAt,
      });
    }
    const day = dayKey(message.createdAt);
    if (day !== previousDay) rows.push({ kind: "day", key: `d-${message.id}`, label: dayLabel(message.createdAt) });
    previousDay = day;
    rows.push({ kind: "message", key: `m-${message.id}`, message });
    previous = message;
  }
  return rows;
}

export interface LocationBody {
  imageUrl: string;
  link: string;
  description: string;
}

/** "imageUrl|link|description": the description is optional; "\n" (escaped or not) is a line break. */
export function parseLocation(body: string): LocationBody {
  const [imageUrl = "", link = "", ...rest] = body.split("|");
  return { imageUrl, link, description: rest.join("|").replace(/\\n/g, "\n") };
}

export type AckKind = "pending" | "sent" | "delivered" | "read";

/** §4.2: 1 clock, 2 check, 3 double check, 4 and 5 a coloured double check. */
export function ackKind(ack: Ack): AckKind {
  if (ack <= 1) return "pending";
  if (ack === 2) return "sent";
  if (ack === 3) return "delivered";
  return "read";
}

/**
 * How a bubble shows its content, by mediaType (§2.10). A file message
 * without its file ("missingFile") is one whose file the server did not
 * keep: over the size limit or unreadable (the message itself is kept).
 * "unsupported" is a kind the server cannot show, its body naming it.
 */
export type MessageBodyKind =
  | "text"
  | "location"
  | "image"
  | "audio"
  | "video"
  | "callLog"
  | "contactCard"
  | "file"
  | "missingFile"
  | "unsupported"
  | "poll"
  | "event"
  | "videoNote"
  | "changeNotice"
  | "order"
  | "notice";

/** Notices about an earlier message sealed with its secret (ChangeNotice.tsx). */
const changeNoticeKinds = new Set(["editUnreadable", "eventResponse"]);

export function bodyKind(
  message: Pick<MessageDto, "mediaType" | "mediaUrl"> & { details?: MessageDto["details"] },
): MessageBodyKind {
  switch (message.mediaType) {
    case "locationMessage":
      return "location";
    case "call_log":
      return "callLog";
    case "vcard":
    case "contactMessage":
      return "contactCard";
    case "image":
      return message.mediaUrl ? "image" : "missingFile";
    case "audio":
      return message.mediaUrl ? "audio" : "missingFile";
    case "video":
      if (!message.mediaUrl) return "missingFile";
      return message.details?.videoNote ? "videoNote" : "video";
    case "poll":
      return message.details?.poll ? "poll" : "text";
    case "event":
      return message.details?.event ? "event" : "text";
    // An order without its details (none should be) shows its body's summary.
    case "order":
      return message.details?.order ? "order" : "text";
    case "notice":
      return changeNoticeKinds.has(message.details?.notice?.kind ?? "") ? "changeNotice" : "notice";
    case "chat":
    case "reactionMessage":
      return "text";
    case "unsupported":
      return "unsupported";
    case "application":
    case "document":
      return message.mediaUrl ? "file" : "missingFile";
  }
}

/** The i18n key of an "unsupported" notice: view-once media has its own words, any other kind is named. */
export function unsupportedNoticeKey(kind: string): "messagesList.viewOnce" | "messagesList.unsupported" {
  return kind === "viewOnce" ? "messagesList.viewOnce" : "messagesList.unsupported";
}

/**
 * The i18n key naming a message kind (Baileys' content type names, the Cloud API's types), or
 * null for a body that is no plain kind name (a notice with its reason): then the raw text shows.
 */
export function kindKey(kind: string): string | null {
  return /^[A-Za-z0-9_]+$/.test(kind) ? `messageKinds.${kind}` : null;
}

/** Each option with how many voters chose it, and how many voted at all. */
export function pollTally(poll: NonNullable<NonNullable<MessageDto["details"]>["poll"]>) {
  const rows = poll.options.map((option) => ({
    option,
    votes: poll.votes.filter((v) => v.options.includes(option)).length,
  }));
  return { rows, voters: poll.votes.filter((v) => v.options.length > 0).length };
}

/** Every card of a body holding one or several vCards. */
export function parseVcards(body: string): { name: string; number: string }[] {
  const cards = body.split(/(?=BEGIN:VCARD)/).filter((card) => card.trim());
  return cards.length ? cards.map(parseVcard) : [parseVcard(body)];
}

/** A vCard's display name and first phone number, for the contact card. */
export function parseVcard(body: string): { name: string; number: string } {
  const name = /^FN[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? "";
  const number = /^TEL[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? "";
  return { name: name || body.split("\n")[0] || "", number };
}

export type TextPart = { text: string; style?: "bold" | "italic" | "strike" };

/** WhatsApp's inline marks: *bold*, _italic_, ~strike~ (the signature is "*name:*"). */
export function textParts(body: string): TextPart[] {
  const parts: TextPart[] = [];
  const marks = /\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~/g;
  let last = 0;
  for (const m of body.matchAll(marks)) {
    if (m.index > last) parts.push({ text: body.slice(last, m.index) });
    const [, bold, italic, strike] = m;
    if (bold !== undefined) parts.push({ text: bold, style: "bold" });
    else if (italic !== undefined) parts.push({ text: italic, style: "italic" });
    else parts.push({ text: strike ?? "", style: "strike" });
    last = m.index + m[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/** The text with WhatsApp's marks taken off, for one-line previews. */
export function plainText(body: string): string {
  return textParts(body)
    .map((part) => part.text)
    .join("");
}

/**
 * What deleting one's own message can do (issue 30 item 2): WhatsApp Web deletes it for everyone; the
 * Cloud API cannot delete a sent message (nor can a ticket whose connection is gone), so a message the
 * customer got is only hidden for the team. One WhatsApp never got (failed) is simply deleted.
 */
export function deleteScopeOf(message: Pick<MessageDto, "wid" | "ticket">): MessageDeleteScope {
  return message.wid !== null && message.ticket.whatsapp?.provider !== "beta" ? "team" : "everyone";
}
