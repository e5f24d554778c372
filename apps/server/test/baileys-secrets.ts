/**
 * Polls, votes, events, products and encrypted edits as a phone sends them,
 * for tests: the vote and the edit are sealed the way WhatsApp does it, with
 * Baileys' own primitives (hmacSign, aesEncryptGCM: the inverse of its
 * decryptPollVote) and the original message's secret, so what the server
 * opens is what a phone would have sealed.
 */
import { createHash, randomBytes } from "node:crypto";
import { aesEncryptGCM, hmacSign, jidNormalizedUser, proto } from "@whiskeysockets/baileys";

type PollVersion = "pollCreationMessage" | "pollCreationMessageV2" | "pollCreationMessageV3" | "pollCreationMessageV5";

/** A poll as the phone sends it, its secret beside it; "V4" wraps the poll in a FutureProof message. */
export function poll(
  question: string,
  options: string[],
  opts: { version?: PollVersion | "V4"; selectable?: number; secret?: Buffer } = {},
): proto.IMessage {
  const creation = {
    name: question,
    options: options.map((optionName) => ({ optionName })),
    selectableOptionsCount: opts.selectable ?? 1,
  };
  const version = opts.version ?? "pollCreationMessageV3";
  const body: proto.IMessage =
    version === "V4"
      ? { pollCreationMessageV4: { message: { pollCreationMessage: creation } } }
      : { [version]: creation };
  return { ...body, messageContextInfo: { messageSecret: opts.secret ?? randomBytes(32) } };
}

/** HKDF-SHA256 (zero salt) written out as Baileys' decryptPollVote does it: extract, then the first expand block. */
function useCaseKey(secret: Uint8Array, info: string): Buffer {
  const prk = hmacSign(Buffer.from(secret), Buffer.alloc(32));
  return hmacSign(Buffer.concat([Buffer.from(info), Buffer.from([1])]), prk);
}

interface Sealing {
  /** The original message's id and secret. */
  id: string;
  secret: Uint8Array;
  /** Who sent the original, who sends the change (jids as the phone names them). */
  sender: string;
  changer: string;
}

/** A vote on a poll: the SHA-256 of each chosen option's name, sealed with the poll's secret. */
export function pollVote(target: { chat: string; id: string }, chosen: string[], s: Sealing): proto.IMessage {
  const sender = jidNormalizedUser(s.sender);
  const changer = jidNormalizedUser(s.changer);
  const key = useCaseKey(s.secret, `${s.id}${sender}${changer}Poll Vote`);
  const plain = proto.Message.PollVoteMessage.encode({
    selectedOptions: chosen.map((name) => createHash("sha256").update(name).digest()),
  }).finish();
  const encIv = randomBytes(12);
  const encPayload = aesEncryptGCM(Buffer.from(plain), key, encIv, Buffer.from(`${s.id}\u0000${changer}`));
  return {
    pollUpdateMessage: {
      pollCreationMessageKey: { remoteJid: target.chat, id: target.id, fromMe: false },
      vote: { encPayload, encIv },
      senderTimestampMs: Date.now(),
    },
  };
}

/** An answer to an event (going, not going, maybe), sealed with the event's secret. */
export function eventResponse(
  target: { chat: string; id: string },
  response: proto.Message.EventResponseMessage.EventResponseType,
  s: Sealing,
): proto.IMessage {
  const changer = jidNormalizedUser(s.changer);
  const key = useCaseKey(s.secret, `${s.id}${jidNormalizedUser(s.sender)}${changer}Event Response`);
  const plain = proto.Message.EventResponseMessage.encode({ response, timestampMs: Date.now() }).finish();
  const encIv = randomBytes(12);
  const encPayload = aesEncryptGCM(Buffer.from(plain), key, encIv, Buffer.from(`${s.id}\u0000${changer}`));
  return {
    encEventResponseMessage: {
      eventCreationMessageKey: { remoteJid: target.chat, id: target.id, fromMe: true },
      encPayload,
      encIv,
    },
  };
}

/** An edit as phones send it since May 2026: the new content sealed with the original's secret. */
export function secretEdit(target: { chat: string; id: string }, text: string, s: Sealing): proto.IMessage {
  const key = useCaseKey(s.secret, `${s.id}${jidNormalizedUser(s.sender)}${jidNormalizedUser(s.changer)}Message Edit`);
  const plain = proto.Message.encode({ conversation: text }).finish();
  const encIv = randomBytes(12);
  const encPayload = aesEncryptGCM(Buffer.from(plain), key, encIv, Buffer.alloc(0));
  return {
    secretEncryptedMessage: {
      targetMessageKey: { remoteJid: target.chat, id: target.id, fromMe: false },
      encPayload,
      encIv,
      secretEncType: proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT,
    },
  };
}

/** A text that carries a secret, as phones send every message they may later edit. */
export function secretText(text: string, secret: Buffer): proto.IMessage {
  return { extendedTextMessage: { text }, messageContextInfo: { messageSecret: secret } };
}

/** A WhatsApp event (Unix seconds), with its secret. */
export function event(e: {
  secret?: Buffer;
  name: string;
  description?: string;
  start: number;
  end?: number;
  place?: { name: string; address?: string };
  joinLink?: string;
  canceled?: boolean;
}): proto.IMessage {
  return {
    eventMessage: {
      name: e.name,
      description: e.description,
      startTime: e.start,
      endTime: e.end ?? 0,
      location: e.place ? { name: e.place.name, address: e.place.address } : undefined,
      joinLink: e.joinLink,
      isCanceled: e.canceled ?? false,
    },
    messageContextInfo: { messageSecret: e.secret ?? randomBytes(32) },
  };
}

/** A product shared from a business's catalog. */
export function product(p: { id: string; title: string; price1000: number; currency: string; body?: string }) {
  return {
    productMessage: {
      product: { productId: p.id, title: p.title, priceAmount1000: p.price1000, currencyCode: p.currency },
      businessOwnerJid: "5511955550000@s.whatsapp.net",
      body: p.body,
    },
  } satisfies proto.IMessage;
}
