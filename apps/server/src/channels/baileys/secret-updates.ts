/**
 * Messages that change an earlier one and can only be read with that one's
 * secret (message-secret.ts): a poll vote (shown on the poll, never a bubble
 * of its own), an encrypted edit (applied as an edit) and an answer to an
 * event (a short notice on the event). The original is the stored message:
 * its raw WebMessageInfo keeps the secret and the jids it came from.
 */
import { normalizeMessageContent, proto, type WAMessage } from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import type { InboundMessage } from "../driver.js";
import { envelopeOf, rawOf, textOf, type Envelope } from "./inbound.js";
import { chosenOptions, jidsOf, openSecret, secretOf, type SecretUseCase } from "./message-secret.js";
import { personOf } from "./jid.js";
import { pollCreationOf } from "./rich-content.js";

/** A stored message's raw provider data (what ingest kept), by its WhatsApp id. */
export type StoredRaw = (wid: string) => Promise<unknown>;

export interface SecretContext {
  storedRaw: StoredRaw;
  /** Our own jids (phone and LID): the author of what was sent from the phone. */
  ownJids: string[];
  log: FastifyBaseLogger;
}

const editType = proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT;

/** Whether the message is one of these: decided before the plain mapping reads it. */
export function isSecretUpdate(message: WAMessage): boolean {
  const c = normalizeMessageContent(message.message);
  return Boolean(
    c?.pollUpdateMessage || c?.encEventResponseMessage || c?.secretEncryptedMessage?.secretEncType === editType,
  );
}

type Key = WAMessage["key"];

/** Who wrote a message, under each name its key gives (phone jid, LID). */
function authorsOf(key: Key, own: string[]): string[] {
  if (key.fromMe) return own;
  return key.participant ? jidsOf(key.participant, key.participantAlt) : jidsOf(key.remoteJid, key.remoteJidAlt);
}

interface Sealed {
  encPayload?: Uint8Array | null;
  encIv?: Uint8Array | null;
}

/** The original (when stored) and the change's plaintext (when its secret opens it). */
async function open(ctx: SecretContext, useCase: SecretUseCase, change: Key, targetWid: string, sealed: Sealed) {
  const raw = targetWid ? await ctx.storedRaw(targetWid) : undefined;
  if (!raw) return { reason: "original not stored" };
  const original = proto.WebMessageInfo.fromObject(raw);
  const secret = secretOf(original);
  if (!secret) return { original, reason: "original has no secret" };
  const who = {
    id: targetWid,
    senders: authorsOf((raw as { key: Key }).key, ctx.ownJids),
    changers: authorsOf(change, ctx.ownJids),
  };
  const plain = openSecret(useCase, secret, who, sealed);
  return plain ? { original, plain } : { original, reason: "decryption failed" };
}

/** A notice about the target message (quoted, so the agent sees which one). */
function notice(envelope: Envelope, message: WAMessage, kind: string, reason: string, targetWid: string) {
  return {
    ...envelope,
    mediaType: "notice",
    body: "",
    details: { notice: { kind, reason } },
    quotedWid: targetWid || undefined,
    raw: rawOf(message),
  } satisfies InboundMessage;
}

async function voteOf(
  ctx: SecretContext,
  message: WAMessage,
  envelope: Envelope,
  vote: proto.Message.IPollUpdateMessage,
) {
  const targetWid = vote.pollCreationMessageKey?.id ?? "";
  const opened = await open(ctx, "Poll Vote", message.key, targetWid, vote.vote ?? {});
  if (!opened.plain) {
    ctx.log.warn(
      { wid: envelope.wid, targetWid, reason: opened.reason },
      "WhatsApp Web poll vote unreadable; not counted",
    );
    return null;
  }
  const poll = pollCreationOf(normalizeMessageContent(opened.original.message));
  const options = (poll?.options ?? []).map((o) => o.optionName ?? "");
  const { key } = message;
  // A voter known by LID only is told apart by the LID (their number is "").
  const person = personOf(key.participant ?? key.remoteJid, key.participantAlt ?? key.remoteJidAlt);
  const voter = key.fromMe ? "me" : person.number || person.userId || "";
  const pollVote = { targetWid, voter, options: chosenOptions(opened.plain, options) };
  return { ...envelope, mediaType: "poll", body: "", pollVote } satisfies InboundMessage;
}

async function editOf(
  ctx: SecretContext,
  message: WAMessage,
  envelope: Envelope,
  sealed: proto.Message.ISecretEncryptedMessage,
) {
  const targetWid = sealed.targetMessageKey?.id ?? "";
  const opened = await open(ctx, "Message Edit", message.key, targetWid, sealed);
  if (opened.plain) {
    const edited = proto.Message.decode(opened.plain);
    const text = textOf(edited.protocolMessage?.editedMessage ?? edited);
    return { ...envelope, mediaType: "chat", body: text, editOfWid: targetWid } satisfies InboundMessage;
  }
  ctx.log.warn(
    { wid: envelope.wid, targetWid, reason: opened.reason },
    "WhatsApp Web encrypted edit unreadable; kept as a notice",
  );
  return notice(envelope, message, "editUnreadable", opened.reason, targetWid);
}

const responses = proto.Message.EventResponseMessage.EventResponseType;

/** An answer to an event: a notice saying going, not going or maybe ("" when it cannot be read). */
async function eventResponseOf(
  ctx: SecretContext,
  message: WAMessage,
  envelope: Envelope,
  sealed: proto.Message.IEncEventResponseMessage,
) {
  const targetWid = sealed.eventCreationMessageKey?.id ?? "";
  const opened = await open(ctx, "Event Response", message.key, targetWid, sealed);
  const response = opened.plain ? proto.Message.EventResponseMessage.decode(opened.plain).response : undefined;
  const answer = response ? (responses[response] ?? "") : "";
  if (!answer)
    ctx.log.warn({ wid: envelope.wid, targetWid, reason: opened.reason }, "WhatsApp Web event answer unreadable");
  return notice(envelope, message, "eventResponse", answer, targetWid);
}

/**
 * The vote (or, when it cannot be read, null: logged, nothing stored), the
 * edit (or a notice that the customer edited the message) or the event answer
 * as a notice; null too for what has no customer chat.
 */
export async function secretUpdateOf(
  message: WAMessage,
  ctx: SecretContext,
  groupSubject?: string,
): Promise<InboundMessage | null> {
  const envelope = envelopeOf(message, groupSubject);
  const c = normalizeMessageContent(message.message);
  if (!envelope || !c) return null;
  if (c.pollUpdateMessage) return voteOf(ctx, message, envelope, c.pollUpdateMessage);
  if (c.encEventResponseMessage) return eventResponseOf(ctx, message, envelope, c.encEventResponseMessage);
  return editOf(ctx, message, envelope, c.secretEncryptedMessage!);
}
