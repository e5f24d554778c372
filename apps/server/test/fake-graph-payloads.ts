/**
 * Cloud API webhook payloads as Meta builds them (field "messages"), for the
 * fake Graph API to sign and post: the customer's side of a conversation.
 */
import { createHmac, randomBytes } from "node:crypto";

/** Bytes of a file: base64 text (over HTTP) or a Buffer (in-process). */
export interface MediaInput {
  data?: string | Buffer;
  mimetype?: string;
  caption?: string;
  filename?: string;
  /** The file_size Meta declares, when it should differ from the bytes served. */
  declaredSize?: number;
  /** Serve this many bytes (the data, then zeros, generated as sent) instead of the data alone. */
  servedSize?: number;
}

/** One message from the customer: exactly one content key, like the Cloud API's `type`. */
export interface CustomerMessage {
  /** The business number it is sent to; optional when the fake has one subscription. */
  phoneNumberId?: string;
  /** The customer's number (digits); absent for a customer Meta names by user id only (a username). */
  from?: string;
  /** The customer's business-scoped user id (BSUID, "BR.1349…"): from_user_id and contacts[].user_id. */
  userId?: string;
  /** The parent BSUID ("BR.ENT.…"), for businesses Meta enabled it for. */
  parentUserId?: string;
  /** The customer's WhatsApp username (profile.username). */
  username?: string;
  /** The customer's profile name. */
  name?: string;
  /** The wamid; random when absent. */
  id?: string;
  /** Unix seconds; now when absent. */
  timestamp?: number;
  /** The wamid this message replies to (context.id). */
  replyTo?: string;
  text?: string;
  image?: MediaInput;
  audio?: MediaInput & { voice?: boolean };
  video?: MediaInput;
  document?: MediaInput;
  sticker?: MediaInput;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  /** Shared contacts, in the Cloud API's own shape ({name: {formatted_name}, phones: [{phone, wa_id}]}). */
  contacts?: Record<string, unknown>[];
  reaction?: { messageId: string; emoji: string };
  interactive?: Record<string, unknown>;
  button?: { text: string; payload?: string };
}

const mediaKeys = ["image", "audio", "video", "document", "sticker"] as const;
export type MediaKey = (typeof mediaKeys)[number];
const otherKeys = ["text", "location", "contacts", "reaction", "interactive", "button"] as const;

/** Small files that pass storage's checks (first bytes of their format). */
export const sampleMedia: Record<MediaKey, { mimetype: string; data: Buffer }> = {
  image: {
    mimetype: "image/png",
    data: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  },
  audio: { mimetype: "audio/ogg; codecs=opus", data: Buffer.from("OggS\0fake opus voice note") },
  video: { mimetype: "video/mp4", data: Buffer.from("\0\0\0\x18ftypmp42 fake video") },
  document: { mimetype: "application/pdf", data: Buffer.from("%PDF-1.4\n% fake document\n%%EOF\n") },
  sticker: { mimetype: "image/webp", data: Buffer.from("RIFF\x10\0\0\0WEBPVP8 fake sticker") },
};

export const newWamid = () => `wamid.${randomBytes(18).toString("base64url")}`;

export function sign(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

export interface StoredFakeMedia {
  mimetype: string;
  data: Buffer;
  declaredSize?: number;
  servedSize?: number;
}

/**
 * The `value` of one change carrying one customer message. `storeMedia`
 * keeps a file in the fake and answers its media id (as Meta does before
 * the webhook is sent).
 */
export function customerValue(
  phoneNumberId: string,
  m: CustomerMessage,
  storeMedia: (file: StoredFakeMedia) => string,
): { value: Record<string, unknown>; wid: string } {
  const wid = m.id ?? newWamid();
  if (!m.from && !m.userId) throw new Error("a customer message needs from or userId");
  // Meta's "Business-scoped user IDs": from_user_id beside from, or alone when the number is hidden.
  const message: Record<string, unknown> = {
    ...(m.from ? { from: m.from } : {}),
    ...(m.userId ? { from_user_id: m.userId } : {}),
    ...(m.parentUserId ? { from_parent_user_id: m.parentUserId } : {}),
    id: wid,
    timestamp: String(m.timestamp ?? Math.floor(Date.now() / 1000)),
    ...(m.replyTo ? { context: { from: phoneNumberId, id: m.replyTo } } : {}),
  };
  const mediaKey = mediaKeys.find((k) => m[k]);
  if (mediaKey) {
    const input = m[mediaKey]!;
    const sample = sampleMedia[mediaKey];
    const mimetype = input.mimetype ?? sample.mimetype;
    const data =
      input.data === undefined
        ? sample.data
        : Buffer.isBuffer(input.data)
          ? input.data
          : Buffer.from(input.data, "base64");
    const id = storeMedia({ mimetype, data, declaredSize: input.declaredSize, servedSize: input.servedSize });
    message.type = mediaKey;
    message[mediaKey] = {
      id,
      mime_type: mimetype,
      sha256: createHmac("sha256", "").update(data).digest("base64"),
      ...(input.caption !== undefined ? { caption: input.caption } : {}),
      ...(input.filename !== undefined ? { filename: input.filename } : {}),
      ...(mediaKey === "audio" ? { voice: (m.audio as { voice?: boolean }).voice ?? true } : {}),
    };
  } else {
    const key = otherKeys.find((k) => m[k] !== undefined);
    if (!key)
      throw new Error(
        "a customer message needs one of text, image, audio, video, document, sticker, location, contacts, reaction, interactive, button",
      );
    message.type = key;
    message[key] =
      key === "text"
        ? { body: m.text }
        : key === "reaction"
          ? { message_id: m.reaction!.messageId, emoji: m.reaction!.emoji }
          : m[key];
  }
  return {
    wid,
    value: {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
      contacts: [customerContact(m)],
      messages: [message],
    },
  };
}

/** The message's `contacts[]` entry: profile (name, username), wa_id, user_id, parent_user_id, as present. */
function customerContact(m: CustomerMessage) {
  const name = m.name ?? m.from;
  return {
    profile: { ...(name !== undefined ? { name } : {}), ...(m.username ? { username: m.username } : {}) },
    ...(m.from ? { wa_id: m.from } : {}),
    ...(m.userId ? { user_id: m.userId } : {}),
    ...(m.parentUserId ? { parent_user_id: m.parentUserId } : {}),
  };
}

export type StatusName = "sent" | "delivered" | "read" | "failed";

export function statusValue(
  phoneNumberId: string,
  s: {
    wid: string;
    status: StatusName;
    recipient?: string;
    /** The BSUID the message was sent to (recipient_user_id, with no recipient_id). */
    recipientUserId?: string;
    error?: { code: number; title: string };
  },
) {
  return {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
    statuses: [
      {
        id: s.wid,
        status: s.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...(s.recipientUserId ? { recipient_user_id: s.recipientUserId } : { recipient_id: s.recipient ?? "" }),
        ...(s.status === "failed" ? { errors: [s.error ?? { code: 131026, title: "Message undeliverable" }] } : {}),
      },
    ],
  };
}

/** The envelope: one entry per inner list, one change per value. */
export function envelope(entries: Record<string, unknown>[][]) {
  return {
    object: "whatsapp_business_account",
    entry: entries.map((values) => ({
      id: "102290129340398",
      changes: values.map((value) => ({ field: "messages", value })),
    })),
  };
}
