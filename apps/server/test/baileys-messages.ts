/**
 * Real Baileys objects for tests, built with Baileys' own proto types
 * (`proto.WebMessageInfo.fromObject`), as a socket emits them on
 * `messages.upsert`, `messages.update`, `message-receipt.update` and `call`.
 * Media messages carry the samples of fake-graph-payloads, so a `download`
 * that answers `sampleDownload(message)` gives storage bytes it accepts.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  normalizeMessageContent,
  proto,
  type MessageUserReceiptUpdate,
  type WACallEvent,
  type WACallUpdateType,
  type WAMessage,
  type WAMessageUpdate,
} from "@whiskeysockets/baileys";
import { sampleMedia } from "./fake-graph-payloads.js";

/** A message id as a phone makes them. */
export const waId = () => `3EB0${randomBytes(8).toString("hex").toUpperCase()}`;
export const pnJid = (digits: string) => `${digits}@s.whatsapp.net`;
export const lidJid = (digits: string) => `${digits}@lid`;
export const groupJid = (id: string) => `${id}@g.us`;

export interface Envelope {
  /** The chat's jid: a person (phone or LID) or a group. */
  chat: string;
  /** The phone jid beside a LID chat (key.remoteJidAlt). */
  chatAlt?: string;
  /** In a group: who wrote it, and its phone jid when that is a LID. */
  participant?: string;
  participantAlt?: string;
  fromMe?: boolean;
  id?: string;
  pushName?: string;
  /** Unix seconds. */
  timestamp?: number;
}

/** View-once media as a linked device gets it: no content, the key marked view-once. */
export function viewOnceStub(envelope: Envelope): WAMessage {
  const stub = waMessage(envelope, null);
  stub.key.isViewOnce = true;
  return stub;
}

/** A WebMessageInfo with the key Baileys 7 gives it (the LID alternatives are not protobuf fields). */
export function waMessage(envelope: Envelope, message: proto.IMessage | null): WAMessage {
  const info = proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: envelope.chat,
      fromMe: envelope.fromMe ?? false,
      id: envelope.id ?? waId(),
      participant: envelope.participant,
    },
    message,
    messageTimestamp: envelope.timestamp ?? Math.floor(Date.now() / 1000),
    pushName: envelope.pushName,
  });
  // fromObject always builds the key given above.
  const built = info as WAMessage;
  if (envelope.chatAlt) built.key.remoteJidAlt = envelope.chatAlt;
  if (envelope.participantAlt) built.key.participantAlt = envelope.participantAlt;
  return built;
}

const mediaFields = (mimetype: string) => ({
  mimetype,
  url: "https://mmg.whatsapp.net/v/t62/fake",
  directPath: "/v/t62/fake",
  mediaKey: randomBytes(32),
  fileLength: 10,
});

const quote = (quotedId?: string) =>
  quotedId ? { contextInfo: { stanzaId: quotedId, quotedMessage: { conversation: "…" } } } : {};

/** Message contents, one per kind a customer can send. */
export const content = {
  text: (text: string): proto.IMessage => ({ conversation: text }),
  extendedText: (text: string, quotedId?: string): proto.IMessage => ({
    extendedTextMessage: { text, ...quote(quotedId) },
  }),
  image: (caption?: string, quotedId?: string): proto.IMessage => ({
    imageMessage: { ...mediaFields(sampleMedia.image.mimetype), caption, ...quote(quotedId) },
  }),
  video: (caption?: string): proto.IMessage => ({
    videoMessage: { ...mediaFields(sampleMedia.video.mimetype), caption, seconds: 3 },
  }),
  audio: (): proto.IMessage => ({ audioMessage: { ...mediaFields("audio/ogg"), seconds: 5 } }),
  voiceNote: (): proto.IMessage => ({
    audioMessage: { ...mediaFields(sampleMedia.audio.mimetype), ptt: true, seconds: 4 },
  }),
  document: (fileName: string, caption?: string): proto.IMessage => ({
    documentMessage: { ...mediaFields(sampleMedia.document.mimetype), fileName, title: fileName, caption },
  }),
  /** How phones send a document with a caption. */
  documentWithCaption: (fileName: string, caption: string): proto.IMessage => ({
    documentWithCaptionMessage: { message: content.document(fileName, caption) },
  }),
  sticker: (): proto.IMessage => ({
    stickerMessage: { ...mediaFields(sampleMedia.sticker.mimetype), isAnimated: false },
  }),
  location: (latitude: number, longitude: number, name?: string, address?: string): proto.IMessage => ({
    locationMessage: { degreesLatitude: latitude, degreesLongitude: longitude, name, address },
  }),
  liveLocation: (latitude: number, longitude: number, caption?: string): proto.IMessage => ({
    liveLocationMessage: { degreesLatitude: latitude, degreesLongitude: longitude, caption, sequenceNumber: 1 },
  }),
  contact: (name: string, number: string): proto.IMessage => ({
    contactMessage: { displayName: name, vcard: vcard(name, number) },
  }),
  contacts: (people: [name: string, number: string][]): proto.IMessage => ({
    contactsArrayMessage: {
      displayName: `${people.length} contatos`,
      contacts: people.map(([name, number]) => ({ displayName: name, vcard: vcard(name, number) })),
    },
  }),
  /** An empty emoji takes the reaction back. */
  reaction: (target: { chat: string; id: string; fromMe?: boolean }, emoji: string): proto.IMessage => ({
    reactionMessage: {
      key: { remoteJid: target.chat, id: target.id, fromMe: target.fromMe ?? false },
      text: emoji,
      senderTimestampMs: Date.now(),
    },
  }),
  /** An edit as phones send it: the protocol message inside editedMessage. */
  edit: (target: { chat: string; id: string }, text: string): proto.IMessage => ({
    editedMessage: {
      message: {
        protocolMessage: {
          key: { remoteJid: target.chat, id: target.id, fromMe: false },
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          editedMessage: { conversation: text },
          timestampMs: Date.now(),
        },
      },
    },
  }),
  revoke: (target: { chat: string; id: string; fromMe?: boolean }): proto.IMessage => ({
    protocolMessage: {
      key: { remoteJid: target.chat, id: target.id, fromMe: target.fromMe ?? false },
      type: proto.Message.ProtocolMessage.Type.REVOKE,
    },
  }),
  /** A disappearing-messages chat wraps every content. */
  ephemeral: (inner: proto.IMessage): proto.IMessage => ({ ephemeralMessage: { message: inner } }),
  viewOnce: (inner: proto.IMessage): proto.IMessage => ({ viewOnceMessageV2: { message: inner } }),
  /** A reply to a business's interactive (native flow) message: the tapped option's text. */
  interactiveReply: (text: string): proto.IMessage => ({
    interactiveResponseMessage: {
      body: { text },
      nativeFlowResponseMessage: { name: "menu_options", paramsJson: JSON.stringify({ id: "1" }), version: 3 },
    },
  }),
  groupInvite: (groupName: string, inviteCode: string, caption?: string): proto.IMessage => ({
    groupInviteMessage: { groupJid: "120363000000999@g.us", inviteCode, groupName, caption, inviteExpiration: 0 },
  }),
  /** A video note, the round video. */
  videoNote: (): proto.IMessage => ({
    ptvMessage: { ...mediaFields(sampleMedia.video.mimetype), seconds: 6 },
  }),
  /** An animated store sticker: Lottie, in a wrapper Baileys does not open. */
  lottieSticker: (mimetype = sampleMedia.sticker.mimetype): proto.IMessage => ({
    lottieStickerMessage: {
      message: { stickerMessage: { ...mediaFields(mimetype), isAnimated: true, isLottie: true } },
    },
  }),
  /** Group key distribution, alone: no content. */
  senderKeyOnly: (group: string): proto.IMessage => ({
    senderKeyDistributionMessage: { groupId: group, axolotlSenderKeyDistributionMessage: randomBytes(16) },
  }),
  ephemeralSetting: (): proto.IMessage => ({
    protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 },
  }),
};

export function vcard(name: string, number: string): string {
  return `BEGIN:VCARD\nVERSION:3.0\nN:;${name};;;\nFN:${name}\nTEL;type=CELL;waid=${number}:+${number}\nEND:VCARD`;
}

/** What a download of the message's media gives: the sample of its kind, as a stream. */
export function sampleDownload(message: WAMessage): Promise<Readable> {
  const c = normalizeMessageContent(message.message);
  const kind = c?.imageMessage
    ? "image"
    : c?.videoMessage || c?.ptvMessage
      ? "video"
      : c?.audioMessage
        ? "audio"
        : c?.stickerMessage
          ? "sticker"
          : c?.documentMessage
            ? "document"
            : undefined;
  return kind
    ? Promise.resolve(Readable.from([sampleMedia[kind].data]))
    : Promise.reject(new Error("no media in this message"));
}

/** A `messages.update` entry: a status of a message (ours by default). */
export function statusUpdate(
  id: string,
  status: proto.WebMessageInfo.Status,
  opts: { chat?: string; fromMe?: boolean; errorCode?: string } = {},
): WAMessageUpdate {
  return {
    key: { remoteJid: opts.chat ?? pnJid("5511999990000"), id, fromMe: opts.fromMe ?? true },
    update: { status, ...(opts.errorCode ? { messageStubParameters: [opts.errorCode] } : {}) },
  };
}

/** A `message-receipt.update` entry: one group participant's receipt of our message. */
export function groupReceipt(
  group: string,
  id: string,
  participant: string,
  what: "receiptTimestamp" | "readTimestamp" | "playedTimestamp",
): MessageUserReceiptUpdate {
  return {
    key: { remoteJid: group, id, fromMe: true, participant },
    receipt: proto.UserReceipt.fromObject({ userJid: participant, [what]: Math.floor(Date.now() / 1000) }),
  };
}

/** A `call` event entry as Baileys emits it (later events repeat the offer's isVideo). */
export function callEvent(
  status: WACallUpdateType,
  opts: { id?: string; from: string; callerPn?: string; isVideo?: boolean; groupJid?: string; date?: Date },
): WACallEvent {
  return {
    chatId: opts.from,
    from: opts.from,
    callerPn: opts.callerPn,
    id: opts.id ?? randomBytes(16).toString("hex").toUpperCase(),
    date: opts.date ?? new Date(),
    isVideo: opts.isVideo ?? false,
    isGroup: Boolean(opts.groupJid),
    groupJid: opts.groupJid,
    status,
    offline: false,
  };
}
