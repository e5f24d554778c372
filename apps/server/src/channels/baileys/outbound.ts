/**
 * The pipeline's outbound shapes → what the driver hands to Baileys'
 * `sock.sendMessage(jid, content, options)` and `sock.readMessages(keys)`.
 * Pure apart from the voice note conversion, so tests can assert the exact
 * payload.
 */
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from "@whiskeysockets/baileys";
import { baseMimetype } from "../media-files.js";
import { cloudMediaType } from "../cloud/cloud-driver.js";
import type { OutboundMedia, OutboundReply, OutboundTarget, OutboundText, ReadMessage } from "../driver.js";
import { bytesToVoiceNote, voiceNoteMimetype } from "../../media/voice-note.js";
import { chatJid, isGroupJid, memberJid } from "./jid.js";

export interface BaileysSend {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions;
}

/**
 * The quoted message as Baileys needs it to build the reply's context: the
 * original's key and a text standing for its content (what WhatsApp shows in
 * the quote until the phone finds the original). A customer's message in a
 * group lacks its author here: OutboundReply does not carry it.
 */
function quotedOf(jid: string, reply: OutboundReply | undefined): MiscMessageGenerationOptions {
  if (!reply) return {};
  const quoted: WAMessage = {
    key: {
      remoteJid: jid,
      id: reply.wid,
      fromMe: reply.fromMe,
      ...(isGroupJid(jid) && reply.participant ? { participant: memberJid(reply.participant) } : {}),
    },
    message: { conversation: reply.body },
  };
  return { quoted };
}

export function textMessage(m: OutboundText): BaileysSend {
  const jid = chatJid(m);
  return { jid, content: { text: m.body }, options: quotedOf(jid, m.quoted) };
}

/** A voice note is OGG/Opus; anything else recorded is converted first. */
async function voiceNote(m: OutboundMedia): Promise<AnyMessageContent> {
  const data = m.media.mimetype === voiceNoteMimetype ? m.media.data : await bytesToVoiceNote(m.media.data);
  return { audio: data, mimetype: voiceNoteMimetype, ptt: true };
}

/** The file as the message kind WhatsApp accepts for its type (the same choice as the Cloud API's). */
function fileContent(m: OutboundMedia): AnyMessageContent {
  const { data, mimetype, fileName } = m.media;
  const caption = m.caption ? { caption: m.caption } : {};
  switch (cloudMediaType(mimetype)) {
    case "image":
      return { image: data, mimetype: baseMimetype(mimetype), ...caption };
    case "video":
      return { video: data, mimetype: baseMimetype(mimetype), ...caption };
    // WhatsApp takes no caption on audio and stickers.
    case "audio":
      return { audio: data, mimetype };
    case "sticker":
      return { sticker: data, mimetype: baseMimetype(mimetype) };
    case "document":
      return { document: data, mimetype: baseMimetype(mimetype) || "application/octet-stream", fileName, ...caption };
  }
}

export async function mediaMessage(m: OutboundMedia): Promise<BaileysSend> {
  const jid = chatJid(m);
  const content = m.voiceNote ? await voiceNote(m) : fileContent(m);
  return { jid, content, options: quotedOf(jid, m.quoted) };
}

/**
 * Keys for `sock.readMessages`: the customer's messages of the chat. In a group
 * WhatsApp addresses a read receipt to each message's author, whom these ids
 * alone do not name.
 */
export function readKeys(target: OutboundTarget, messages: ReadMessage[]): WAMessageKey[] {
  const remoteJid = chatJid(target);
  return messages.map(({ wid, participant }) => ({
    remoteJid,
    id: wid,
    fromMe: false,
    ...(target.isGroup && participant ? { participant: memberJid(participant) } : {}),
  }));
}

/** "Delete for everyone": a revoke of the message's key in its chat. */
export function revokeMessage(
  target: OutboundTarget,
  message: { wid: string; fromMe: boolean },
): { jid: string; content: AnyMessageContent } {
  const jid = chatJid(target);
  return { jid, content: { delete: { remoteJid: jid, id: message.wid, fromMe: message.fromMe } } };
}
