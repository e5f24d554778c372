/**
 * A Baileys `messages.upsert` message → the pipeline's InboundMessage (acks:
 * acks.ts, calls: calls.ts). Pure mapping: the driver owns the socket and
 * hands over how to download a message's media, which runs only
 * when ingest decides to store the message (and the size the message
 * declares allows it).
 */
import type { Readable } from "node:stream";
import type { MediaType } from "@balcao/contracts";
import { getContentType, normalizeMessageContent, proto, toNumber, type WAMessage } from "@whiskeysockets/baileys";
import { locationBody } from "../cloud/inbound.js";
import type { InboundMessage } from "../driver.js";
import { mediaFileName } from "../media-files.js";
import { chatOf, isGroupJid, isSkippedJid, personOf } from "./jid.js";
import { richContentOf } from "./rich-content.js";

type MediaNode = {
  mimetype?: string | null;
  caption?: string | null;
  /** The decrypted file's size, as the sender's phone declared it. */
  fileLength?: number | Long | null;
  contextInfo?: proto.IContextInfo | null;
};

interface Content {
  mediaType: MediaType;
  body: string;
  /** The media part and how its file is named when stored. */
  media?: {
    node: MediaNode;
    label: string;
    fallbackMimetype: string;
    fileName?: string | null;
    /** The content Baileys downloads from, when a wrapper it does not open hides the media. */
    from?: proto.IMessage;
  };
  details?: InboundMessage["details"];
  reaction?: InboundMessage["reaction"];
  editOfWid?: string;
  revokeOfWid?: string;
}

/** The text a message shows: its text or its media's caption (what an edit replaces). */
export function textOf(m: proto.IMessage | null | undefined): string {
  const c = normalizeMessageContent(m);
  return (
    c?.conversation ??
    c?.extendedTextMessage?.text ??
    c?.imageMessage?.caption ??
    c?.videoMessage?.caption ??
    c?.documentMessage?.caption ??
    ""
  );
}

function protocolContent(p: proto.Message.IProtocolMessage): Content | undefined {
  const target = p.key?.id;
  if (!target) return undefined;
  if (p.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT)
    return { mediaType: "chat", body: textOf(p.editedMessage), editOfWid: target };
  if (p.type === proto.Message.ProtocolMessage.Type.REVOKE) return { mediaType: "chat", body: "", revokeOfWid: target };
  // Ephemeral settings, history sync, app-state keys…: the protocol's own housekeeping.
  return undefined;
}

/** core-platform §3: "imageUrl|link|description"; WhatsApp's null fields become absent. */
function locationOf(
  lat: number | null | undefined,
  lng: number | null | undefined,
  parts: (string | null | undefined)[],
) {
  const [name, address] = parts.map((p) => p || undefined);
  return locationBody({ latitude: lat ?? 0, longitude: lng ?? 0, name, address });
}

/** An image or a video: its caption is the body. */
function captioned(kind: "image" | "video", node: MediaNode, fallbackMimetype: string, label: string = kind): Content {
  return { mediaType: kind, body: node.caption ?? "", media: { node, label, fallbackMimetype } };
}

/**
 * A sticker is a picture; an animated store sticker (Lottie, inside
 * `lottieStickerMessage`, which Baileys does not unwrap) may come as an
 * animation file no browser draws: then it is kept as a file to download.
 */
function sticker(node: proto.Message.IStickerMessage, from?: proto.IMessage): Content {
  const mediaType = !node.mimetype || node.mimetype.startsWith("image/") ? "image" : "application";
  return { mediaType, body: "", media: { node, label: "sticker", fallbackMimetype: "image/webp", from } };
}

function contentOf(c: proto.IMessage): Content | undefined {
  const text = c.conversation ?? c.extendedTextMessage?.text;
  if (text !== null && text !== undefined) return { mediaType: "chat", body: text };
  if (c.imageMessage) return captioned("image", c.imageMessage, "image/jpeg");
  if (c.videoMessage) return captioned("video", c.videoMessage, "video/mp4");
  // A video note (the round video) is a video the web draws round.
  if (c.ptvMessage)
    return { ...captioned("video", c.ptvMessage, "video/mp4", "video-note"), details: { videoNote: true } };
  if (c.audioMessage) {
    const node = c.audioMessage;
    // A voice note (ptt) is an OGG/Opus audio like any other to the pipeline.
    const label = node.ptt ? "voice" : "audio";
    return { mediaType: "audio", body: "", media: { node, label, fallbackMimetype: "audio/ogg; codecs=opus" } };
  }
  if (c.documentMessage) {
    const node = c.documentMessage;
    const media = { node, label: "document", fallbackMimetype: "application/octet-stream", fileName: node.fileName };
    return { mediaType: "application", body: node.caption || node.fileName || "", media };
  }
  if (c.stickerMessage) return sticker(c.stickerMessage);
  const lottie = c.lottieStickerMessage?.message;
  if (lottie?.stickerMessage) return sticker(lottie.stickerMessage, lottie);
  if (c.locationMessage) {
    const l = c.locationMessage;
    const body = locationOf(l.degreesLatitude, l.degreesLongitude, [l.name, l.address]);
    return { mediaType: "locationMessage", body };
  }
  if (c.liveLocationMessage) {
    const l = c.liveLocationMessage;
    return { mediaType: "locationMessage", body: locationOf(l.degreesLatitude, l.degreesLongitude, [l.caption]) };
  }
  if (c.contactMessage?.vcard) return { mediaType: "contactMessage", body: c.contactMessage.vcard };
  if (c.contactsArrayMessage?.contacts?.length) {
    const cards = c.contactsArrayMessage.contacts.map((card) => card.vcard).filter(Boolean);
    return cards.length ? { mediaType: "contactMessage", body: cards.join("\n") } : undefined;
  }
  if (c.reactionMessage) {
    const r = c.reactionMessage;
    if (!r.key?.id) return undefined;
    // An empty text takes the reaction back.
    const emoji = r.text ?? "";
    return { mediaType: "reactionMessage", body: emoji, reaction: { emoji, targetWid: r.key.id } };
  }
  if (c.protocolMessage) return protocolContent(c.protocolMessage);
  // Answers to a business's buttons and lists: what the customer tapped.
  const choice =
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.interactiveResponseMessage?.body?.text;
  if (choice) return { mediaType: "chat", body: choice };
  if (c.groupInviteMessage) return { mediaType: "chat", body: inviteBody(c.groupInviteMessage) };
  return richContentOf(c) ?? unsupportedContent(c);
}

/** A group invite: the group's name, the sender's words and the link that joins it. */
function inviteBody(invite: proto.Message.IGroupInviteMessage): string {
  const link = invite.inviteCode ? `https://chat.whatsapp.com/${invite.inviteCode}` : "";
  return [invite.groupName && `👥 ${invite.groupName}`, invite.caption, link].filter(Boolean).join("\n");
}

/** Housekeeping that travels as a message and says nothing to the agent. */
const silentKinds = new Set(["pinInChatMessage", "keepInChatMessage"]);

/** Any other kind (polls, events, invites…): a notice naming it, so the agent knows to open the phone. */
function unsupportedContent(c: proto.IMessage): Content | undefined {
  const kind = getContentType(c);
  return kind && !silentKinds.has(kind) ? { mediaType: "unsupported", body: kind } : undefined;
}

/** The reply's target: the stanza id in the content's contextInfo. */
function quotedWidOf(c: proto.IMessage): string | undefined {
  const type = getContentType(c);
  const node = type ? (c[type] as { contextInfo?: proto.IContextInfo | null } | null) : null;
  return (typeof node === "object" && node?.contextInfo?.stanzaId) || undefined;
}

/** Seconds (number or protobuf Long) → a Date; a message without one is taken as now. */
function dateOf(seconds: number | Long | null | undefined): Date {
  const value = toNumber(seconds);
  return value > 0 ? new Date(value * 1000) : new Date();
}
type Long = Parameters<typeof toNumber>[0];

/** A message as JSON that survives the database (bytes as base64, longs as strings) and reads back with fromObject. */
export function rawOf(message: WAMessage): unknown {
  return { ...proto.WebMessageInfo.fromObject(message).toJSON(), key: { ...message.key } };
}

/**
 * View-once media as linked devices get it since 2025: a stub without the
 * media (only the phone may open it once), which the web names.
 */
const viewOnceStub: Content = { mediaType: "unsupported", body: "viewOnce" };

/** Who wrote a message, where and when: what a notice needs when the content cannot be shown. */
export type Envelope = Pick<
  InboundMessage,
  "wid" | "chatNumber" | "chatUser" | "isGroup" | "chatName" | "sender" | "fromMe" | "timestamp"
>;

/** Null for what is no customer's chat: status updates, channels, broadcast lists, a message without id. */
export function envelopeOf(message: WAMessage, groupSubject?: string): Envelope | null {
  const { key } = message;
  const jid = key.remoteJid;
  if (!jid || !key.id || isSkippedJid(jid)) return null;
  const fromMe = Boolean(key.fromMe);
  const isGroup = isGroupJid(jid);
  const pushName = message.pushName ?? "";
  const chat = chatOf(jid, key.remoteJidAlt);
  return {
    wid: key.id,
    chatNumber: chat.number,
    ...(chat.userId ? { chatUser: { userId: chat.userId } } : {}),
    isGroup,
    // Our own push name is on what we sent: it never names the customer.
    chatName: isGroup ? (groupSubject ?? "") : fromMe ? "" : pushName,
    sender:
      isGroup && !fromMe
        ? { ...personOf(key.participant ?? message.participant, key.participantAlt), name: pushName }
        : undefined,
    fromMe,
    timestamp: dateOf(message.messageTimestamp),
  };
}

/**
 * A customer's message (or ours, sent from the phone) as the pipeline's
 * InboundMessage; null for what is not one: status updates, channels,
 * broadcast lists, protocol housekeeping, key distribution, stubs (Baileys'
 * own missed-call notice included: calls come through `callOf`) other than
 * view-once media's.
 * `groupSubject` is the group's name when the driver knows it.
 */
export function inboundOf(
  message: WAMessage,
  download: (m: WAMessage) => Promise<Readable>,
  groupSubject?: string,
): InboundMessage | null {
  const envelope = envelopeOf(message, groupSubject);
  const c = normalizeMessageContent(message.message);
  const content = c ? contentOf(c) : message.key.isViewOnce ? viewOnceStub : undefined;
  if (!envelope || !content) return null;
  const media = content.media;
  return {
    ...envelope,
    mediaType: content.mediaType,
    body: content.body,
    details: content.details,
    media: media
      ? async () => {
          const mimetype = media.node.mimetype || media.fallbackMimetype;
          const fileName = mediaFileName(mimetype, media.label, media.fileName ?? undefined);
          const declaredBytes = toNumber(media.node.fileLength) || undefined;
          const source = media.from ? { ...message, message: media.from } : message;
          return { mimetype, fileName, declaredBytes, open: () => download(source) };
        }
      : undefined,
    quotedWid: c ? quotedWidOf(c) : undefined,
    reaction: content.reaction,
    editOfWid: content.editOfWid,
    revokeOfWid: content.revokeOfWid,
    raw: rawOf(message),
  };
}

/**
 * A message that could not be read or stored, kept as an "unsupported"
 * notice naming its kind and the reason, so the agent knows to look on the
 * phone; null when not even its chat can be read (the caller logs it).
 */
export function noticeOf(message: WAMessage, reason: string, groupSubject?: string): InboundMessage | null {
  try {
    const envelope = envelopeOf(message, groupSubject);
    const kind = getContentType(normalizeMessageContent(message.message)) ?? "message";
    return envelope && { ...envelope, mediaType: "unsupported", body: `${kind}: ${reason}` };
  } catch {
    return null;
  }
}
