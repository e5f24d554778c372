/**
 * WhatsApp's per-message secrets: a poll, an event or a text carries a random
 * `messageContextInfo.messageSecret`, and what later changes it (a vote, since
 * May 2026 an edit) is AES-256-GCM encrypted with a key derived from that
 * secret, the original's id, its sender and the changer (HKDF-SHA256, no salt,
 * info = id + sender + changer + use case; a vote also binds "id\0voter" as
 * additional data). Baileys' decryptPollVote is this with the "Poll Vote" use
 * case; WhatsApp names the others ("Message Edit", …) the same way.
 */
import { createDecipheriv, createHash, hkdfSync } from "node:crypto";
import { jidNormalizedUser, proto } from "@whiskeysockets/baileys";

export type SecretUseCase = "Poll Vote" | "Event Response" | "Message Edit";

/** Only these use cases bind the original's id and the changer as additional data. */
const withAdditionalData = new Set<SecretUseCase>(["Poll Vote", "Event Response"]);

export interface SecretParties {
  /** The original message's id. */
  id: string;
  /** Who sent the original, and who sends the change: jids, device part dropped. */
  sender: string;
  changer: string;
}

export function secretKey(useCase: SecretUseCase, secret: Uint8Array, parties: SecretParties) {
  const info = Buffer.from(`${parties.id}${parties.sender}${parties.changer}${useCase}`);
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));
  const aad = withAdditionalData.has(useCase) ? Buffer.from(`${parties.id}\u0000${parties.changer}`) : undefined;
  return { key, aad };
}

const tagBytes = 16;

function decrypt(
  useCase: SecretUseCase,
  secret: Uint8Array,
  parties: SecretParties,
  payload: Uint8Array,
  iv: Uint8Array,
) {
  const { key, aad } = secretKey(useCase, secret, parties);
  const data = Buffer.from(payload);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(data.subarray(data.length - tagBytes));
  if (aad) decipher.setAAD(aad);
  return Buffer.concat([decipher.update(data.subarray(0, data.length - tagBytes)), decipher.final()]);
}

/** A person's jids as the two messages name them (phone and LID), each without its device part. */
export function jidsOf(...jids: (string | null | undefined)[]): string[] {
  return [...new Set(jids.filter((j): j is string => Boolean(j)).map((j) => jidNormalizedUser(j)))];
}

/**
 * The plaintext, trying each way the two messages may name the same people
 * (a phone jid or a LID: which one the phone used is not said); undefined when
 * none opens it (a wrong or missing secret, or a payload tampered with).
 */
export function openSecret(
  useCase: SecretUseCase,
  secret: Uint8Array,
  who: { id: string; senders: string[]; changers: string[] },
  sealed: { encPayload?: Uint8Array | null; encIv?: Uint8Array | null },
): Buffer | undefined {
  if (!sealed.encPayload || !sealed.encIv || sealed.encPayload.length <= tagBytes) return undefined;
  for (const sender of who.senders) {
    for (const changer of who.changers) {
      try {
        return decrypt(useCase, secret, { id: who.id, sender, changer }, sealed.encPayload, sealed.encIv);
      } catch {
        // Authentication failed for this pair of names: the next pair may be the one the phone used.
      }
    }
  }
  return undefined;
}

/** The options a decrypted vote chose: WhatsApp sends each option as the SHA-256 of its name. */
export function chosenOptions(vote: Buffer, options: string[]): string[] {
  const hashes = new Set(
    proto.Message.PollVoteMessage.decode(vote).selectedOptions.map((h) => Buffer.from(h).toString("hex")),
  );
  return options.filter((name) => hashes.has(createHash("sha256").update(name).digest("hex")));
}

/** The secret a stored message was sent with (the raw WebMessageInfo JSON ingest kept), if any. */
export function secretOf(message: proto.IWebMessageInfo): Uint8Array | undefined {
  const m = message.message;
  const secret =
    m?.messageContextInfo?.messageSecret ??
    m?.ephemeralMessage?.message?.messageContextInfo?.messageSecret ??
    m?.pollCreationMessageV4?.message?.messageContextInfo?.messageSecret;
  return secret && secret.length > 0 ? secret : undefined;
}
