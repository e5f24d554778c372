/**
 * Cloud API webhook messages and statuses → the pipeline's InboundMessage and
 * AckUpdate. Media is not fetched here: InboundMessage.media fetches it when
 * ingest decides to store the message, and storedMediaFetcher again later
 * when that first download failed.
 */
import { ownEntry, type Ack, type MediaType, type MessageDetails } from "@balcao/contracts";
import type { AckUpdate, InboundMedia, InboundMessage } from "../driver.js";
import { mediaFileName } from "../media-files.js";
import type { GraphClient } from "./graph.js";
import { reasonOf } from "./delivery.js";
import { detailsOf, orderContent, systemContent, unsupportedContent } from "./kinds.js";
import {
  cloudContactSchema,
  cloudMessageSchema,
  cloudStatusSchema,
  type CloudContact,
  type CloudContactCard,
  type CloudMessage,
  type CloudStatus,
  type CloudValue,
} from "./payload.js";

const digits = (s: string) => s.replace(/\D/g, "");

/** One vCard 3.0 per shared contact; WhatsApp's own cards carry the number as `waid`. */
export function toVcard(cards: CloudContactCard[]): string {
  const escape = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
  return cards
    .map((card) => {
      const fn = card.name?.formatted_name ?? [card.name?.first_name, card.name?.last_name].filter(Boolean).join(" ");
      const lines = [
        "BEGIN:VCARD",
        "VERSION:3.0",
        `N:${escape(card.name?.last_name ?? "")};${escape(card.name?.first_name ?? fn)};;;`,
        `FN:${escape(fn)}`,
      ];
      if (card.org?.company) lines.push(`ORG:${escape(card.org.company)}`);
      for (const phone of card.phones ?? []) {
        const waid = phone.wa_id ? `;waid=${digits(phone.wa_id)}` : "";
        lines.push(`TEL;type=${escape(phone.type ?? "CELL")}${waid}:${escape(phone.phone ?? phone.wa_id ?? "")}`);
      }
      for (const email of card.emails ?? []) if (email.email) lines.push(`EMAIL:${escape(email.email)}`);
      lines.push("END:VCARD");
      return lines.join("\n");
    })
    .join("\n");
}

/** core-platform §3: a location's body is "imageUrl|link|description"; "|" inside would split it. */
export function locationBody(loc: NonNullable<CloudMessage["location"]>): string {
  const link = `https://maps.google.com/maps?q=${loc.latitude},${loc.longitude}`;
  const description = [loc.name, loc.address].filter(Boolean).join("\n").replace(/\|/g, "/");
  // No static-map service without a key (and the web's CSP serves images from our origin only):
  // the image part stays empty and the client shows its own map placeholder.
  return `|${link}|${description}`;
}

type MediaKey = "image" | "audio" | "video" | "document" | "sticker";
const mediaTypeOf: Record<MediaKey, MediaType> = {
  image: "image",
  sticker: "image",
  audio: "audio",
  video: "video",
  document: "application",
};

interface Content {
  mediaType: MediaType;
  body: string;
  mediaKey?: MediaKey;
  reaction?: InboundMessage["reaction"];
  details?: MessageDetails;
}

/** The types contentOf reads (kept beside it: a type added there is added here). */
const storedTypes = new Set([
  "text",
  "image",
  "audio",
  "video",
  "document",
  "sticker",
  "location",
  "contacts",
  "reaction",
  "button",
  "interactive",
  "unsupported",
  "unknown",
  "order",
  "system",
]);

function contentOf(m: CloudMessage): Content | undefined {
  switch (m.type) {
    case "text":
      return m.text ? { mediaType: "chat", body: m.text.body } : undefined;
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker": {
      const media = m[m.type];
      if (!media) return undefined;
      return { mediaType: mediaTypeOf[m.type], body: media.caption ?? media.filename ?? "", mediaKey: m.type };
    }
    case "location":
      return m.location ? { mediaType: "locationMessage", body: locationBody(m.location) } : undefined;
    case "contacts":
      return m.contacts?.length ? { mediaType: "contactMessage", body: toVcard(m.contacts) } : undefined;
    case "reaction":
      return m.reaction
        ? {
            mediaType: "reactionMessage",
            body: m.reaction.emoji ?? "",
            reaction: { emoji: m.reaction.emoji ?? "", targetWid: m.reaction.message_id },
          }
        : undefined;
    case "button":
      return m.button ? { mediaType: "chat", body: m.button.text ?? m.button.payload ?? "" } : undefined;
    case "interactive": {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return reply ? { mediaType: "chat", body: reply.title } : undefined;
    }
    // "unknown" is what Graph versions before "unsupported" sent for the same thing.
    case "unsupported":
    case "unknown":
      return unsupportedContent(m);
    case "order":
      return m.order ? orderContent(m.order) : undefined;
    case "system":
      return m.system ? systemContent(m.system, digits(m.from ?? "")) : undefined;
    default:
      // request_welcome and whatever Meta adds next: kept as a rejection naming the type.
      return undefined;
  }
}

/**
 * Describes a message's file through the Graph API (Meta keeps an inbound
 * media id for weeks): its type, the size Meta declares, and its download.
 */
function fetcher(m: CloudMessage, key: MediaKey, graph: GraphClient): () => Promise<InboundMedia> {
  const media = m[key]!;
  return async () => {
    const info = await graph.mediaInfo(media.id);
    const mimetype = media.mime_type ?? info.mimetype ?? "application/octet-stream";
    return {
      mimetype,
      fileName: mediaFileName(mimetype, key, media.filename),
      declaredBytes: info.size,
      open: () => graph.mediaStream(info.url),
    };
  };
}

/** The fetch of a stored message's file, from the webhook message kept as its providerData; undefined without one. */
export function storedMediaFetcher(raw: unknown, graph: GraphClient): (() => Promise<InboundMedia>) | undefined {
  const parsed = cloudMessageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const key = contentOf(parsed.data)?.mediaKey;
  return key ? fetcher(parsed.data, key, graph) : undefined;
}

/**
 * The `contacts[]` entry of the message's sender: the one with its number or
 * its user id, else the only one (Meta sends one per message).
 */
function senderOf(value: CloudValue, m: CloudMessage): CloudContact | undefined {
  const entries = (value.contacts ?? []).flatMap((raw) => {
    const contact = cloudContactSchema.safeParse(raw);
    return contact.success ? [contact.data] : [];
  });
  const number = digits(m.from ?? "");
  const match = entries.find(
    (c) => (number && digits(c.wa_id ?? "") === number) || (m.from_user_id && c.user_id === m.from_user_id),
  );
  return match ?? (entries.length === 1 ? entries[0] : undefined);
}

/**
 * Who wrote: the number (from, else the contact's wa_id) and, since
 * usernames, the business-scoped user id, its parent and the username; a
 * customer with a username may come with the user id alone.
 */
function customerOf(value: CloudValue, m: CloudMessage) {
  const contact = senderOf(value, m);
  const userId = (m.from_user_id ?? contact?.user_id)?.trim() || undefined;
  const username = contact?.profile?.username?.trim().replace(/^@/, "") || undefined;
  return {
    number: digits(m.from ?? contact?.wa_id ?? ""),
    name: contact?.profile?.name?.trim() ?? "",
    user: {
      ...(userId ? { userId } : {}),
      ...((m.from_parent_user_id ?? contact?.parent_user_id)
        ? { parentUserId: m.from_parent_user_id ?? contact?.parent_user_id }
        : {}),
      ...(username ? { username } : {}),
    },
  };
}

/** Why a message that parsed has nothing we can store (its type's part is missing, or the type is new to us). */
function unstoredReason(m: CloudMessage): string {
  return storedTypes.has(m.type)
    ? `a "${m.type}" message whose ${m.type} part cannot be read`
    : `messages of type "${m.type}" are not stored yet`;
}

/** A webhook message as the pipeline's InboundMessage, or why it cannot be read (the item is kept with that reason). */
export function readMessage(
  raw: unknown,
  value: CloudValue,
  graph: GraphClient,
): { inbound: InboundMessage } | { reason: string } {
  const parsed = cloudMessageSchema.safeParse(raw);
  if (!parsed.success) return { reason: reasonOf("unreadable message", parsed.error) };
  const m = parsed.data;
  const customer = customerOf(value, m);
  if (!customer.number && !customer.user.userId)
    return { reason: "a message without its sender (neither a phone number nor a user id)" };
  const content = contentOf(m);
  if (!content) return { reason: unstoredReason(m) };
  const seconds = Number(m.timestamp);
  return {
    inbound: {
      wid: m.id,
      chatNumber: customer.number,
      chatUser: customer.user,
      isGroup: false,
      chatName: customer.name,
      fromMe: false,
      mediaType: content.mediaType,
      body: content.body,
      details: detailsOf(content.details, m),
      ...(content.mediaKey ? { media: fetcher(m, content.mediaKey, graph), mediaRefetchable: true } : {}),
      quotedWid: m.context?.id,
      reaction: content.reaction,
      timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
      raw: m,
    },
  };
}

const acks: Record<string, Ack> = { sent: 2, delivered: 3, read: 4, played: 5 };

/**
 * sent/delivered/read(/played) raise the ack; failed reports Meta's error;
 * another status (Meta adds some) changes nothing. A status that cannot be
 * read at all gives its reason.
 */
export function readStatus(raw: unknown): { update?: AckUpdate } | { reason: string } {
  const parsed = cloudStatusSchema.safeParse(raw);
  if (!parsed.success) return { reason: reasonOf("unreadable status", parsed.error) };
  return { update: ackOf(parsed.data) };
}

function ackOf(s: CloudStatus): AckUpdate | undefined {
  if (s.status === "failed") {
    const e = s.errors?.[0];
    const error = [e?.title ?? e?.message ?? "failed", e?.code ? `(#${e.code})` : ""].join(" ").trim();
    return { wid: s.id, ack: 1, error };
  }
  const ack = ownEntry(acks, s.status);
  return ack ? { wid: s.id, ack } : undefined;
}
