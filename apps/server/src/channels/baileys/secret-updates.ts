/**
 * Messages that change an earlier one and can only be read with that one's
 * secret (message-secret.ts): a poll vote (shown on the poll, never a bubble
 * of its own) and an encrypted edit (applied as an edit). The original is the
 * stored message: its raw WebMessageInfo keeps the secret and the jids it
 * came from.
 */
import { normalizeMessageContent, proto, type WAMessage } from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import type { InboundMessage } from "../driver.js";
import { envelopeOf, rawOf, textOf } from "./inbound.js";
import { chosenOptions, jidsOf, openSecret, secretOf } from "./message-secret.js";
import { personDigits } from "./jid.js";
import { pollCreationOf } from "./rich-content.js";

/** A stored message's raw provider data (what ingest kept), by its WhatsApp id. */
export type StoredRaw = (wid: string) => Promise<unknown>;

const editType = proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT;

/** Whether the message is one of these: decided before the plain mapping reads it. */
export function isSecretUpdate(message: WAMessage): boolean {
  const c = normalizeMessageContent(message.message);
  return Boolean(c?.pollUpdateMessage || c?.secretEncryptedMessage?.secretEncType === editType);
}

/** Who wrote a message, under each name its key gives (phone jid, LID). */
const authorsOf = (key: proto.IMessageKey & { participantAlt?: string | null; remoteJidAlt?: string | null }) =>
  key.participant ? jidsOf(key.participant, key.participantAlt) : jidsOf(key.remoteJid, key.remoteJidAlt);

async function original(storedRaw: StoredRaw, wid: string) {
  const raw = await storedRaw(wid);
  if (!raw) return undefined;
  const message = proto.WebMessageInfo.fromObject(raw);
  return { message, secret: secretOf(message), key: (raw as { key: WAMessage["key"] }).key };
}

/**
 * The vote (or, when it cannot be read, null: logged, nothing stored) or the
 * edit (or, when it cannot be read, a notice that the customer edited the
 * message); null too for what has no customer chat.
 */
export async function secretUpdateOf(
  message: WAMessage,
  storedRaw: StoredRaw,
  log: FastifyBaseLogger,
  groupSubject?: string,
): Promise<InboundMessage | null> {
  const envelope = envelopeOf(message, groupSubject);
  const c = normalizeMessageContent(message.message);
  if (!envelope || !c) return null;
  const changers = authorsOf(message.key);
  if (c.pollUpdateMessage) {
    const vote = c.pollUpdateMessage;
    const targetWid = vote.pollCreationMessageKey?.id;
    const poll = targetWid ? await original(storedRaw, targetWid) : undefined;
    const options = (pollCreationOf(normalizeMessageContent(poll?.message.message))?.options ?? []).map(
      (o) => o.optionName ?? "",
    );
    const plain =
      poll?.secret &&
      openSecret("Poll Vote", poll.secret, { id: targetWid!, senders: authorsOf(poll.key), changers }, vote.vote ?? {});
    if (!plain) {
      log.warn(
        { wid: envelope.wid, targetWid, known: Boolean(poll) },
        "WhatsApp Web poll vote unreadable; not counted",
      );
      return null;
    }
    const voter = personDigits(
      message.key.participant ?? message.key.remoteJid,
      message.key.participantAlt ?? message.key.remoteJidAlt,
    );
    const pollVote = { targetWid: targetWid!, voter, options: chosenOptions(plain, options) };
    return { ...envelope, mediaType: "poll", body: "", pollVote };
  }
  const sealed = c.secretEncryptedMessage!;
  const targetWid = sealed.targetMessageKey?.id ?? "";
  const target = targetWid ? await original(storedRaw, targetWid) : undefined;
  const plain =
    target?.secret &&
    openSecret("Message Edit", target.secret, { id: targetWid, senders: authorsOf(target.key), changers }, sealed);
  if (plain) {
    const edited = proto.Message.decode(plain);
    const text = textOf(edited.protocolMessage?.editedMessage ?? edited);
    return { ...envelope, mediaType: "chat", body: text, editOfWid: targetWid };
  }
  log.warn(
    { wid: envelope.wid, targetWid, known: Boolean(target) },
    "WhatsApp Web encrypted edit unreadable; kept as a notice",
  );
  const reason = target ? (target.secret ? "decryption failed" : "original has no secret") : "original not stored";
  const notice = { kind: "editUnreadable", reason };
  return {
    ...envelope,
    mediaType: "notice",
    body: "",
    details: { notice },
    quotedWid: targetWid || undefined,
    raw: rawOf(message),
  };
}
