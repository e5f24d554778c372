/**
 * Cloud API webhook messages and statuses → the pipeline's InboundMessage and
 * AckUpdate. Media is not fetched here: InboundMessage.media fetches it when
 * ingest decides to store the message, and storedMediaFetcher again later
 * when that first download failed.
 */
import { ownEntry, type Ack, type MediaType } from "@balcao/contracts";
import type { AckUpdate, InboundMedia, InboundMessage } from "../driver.js";
import { mediaFileName } from "../media-files.js";
import type { GraphClient } from "./graph.js";
import {
  cloudMessageSchema,
  cloudStatusSchema,
  type CloudContactCard,
  type CloudMessage,
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
}

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
    default:
      // system (number changed), unsupported (polls, edits, deleted), order, request_welcome…
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

/** A webhook message as the pipeline's InboundMessage; undefined for kinds we do not store. */
export function toInbound(raw: unknown, value: CloudValue, graph: GraphClient): InboundMessage | undefined {
  const parsed = cloudMessageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const m = parsed.data;
  const content = contentOf(m);
  if (!content) return undefined;
  const number = digits(m.from);
  const profileName = value.contacts?.find((c) => digits(c.wa_id) === number)?.profile?.name;
  const seconds = Number(m.timestamp);
  return {
    wid: m.id,
    chatNumber: number,
    isGroup: false,
    chatName: profileName?.trim() || number,
    fromMe: false,
    mediaType: content.mediaType,
    body: content.body,
    ...(content.mediaKey ? { media: fetcher(m, content.mediaKey, graph), mediaRefetchable: true } : {}),
    quotedWid: m.context?.id,
    reaction: content.reaction,
    timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
    raw: m,
  };
}

const acks: Record<string, Ack> = { sent: 2, delivered: 3, read: 4, played: 5 };

/** sent/delivered/read(/played) raise the ack; failed reports Meta's error. */
export function toAck(raw: unknown): AckUpdate | undefined {
  const parsed = cloudStatusSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  if (s.status === "failed") {
    const e = s.errors?.[0];
    const error = [e?.title ?? e?.message ?? "failed", e?.code ? `(#${e.code})` : ""].join(" ").trim();
    return { wid: s.id, ack: 1, error };
  }
  const ack = ownEntry(acks, s.status);
  return ack ? { wid: s.id, ack } : undefined;
}
