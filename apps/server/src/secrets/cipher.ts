/**
 * Secrets at rest (issue 17 item 2): AES-256-GCM with a random 12-byte IV per
 * value, stored self-describing as `enc:v1:<iv>:<tag>:<ciphertext>` (base64),
 * so a reader tells an encrypted value from a legacy plain one and a later
 * format can be told from this one. The key never touches the database
 * (key.ts). Encryption and look-up hashes use two keys derived from it (HKDF),
 * so neither use weakens the other.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { maskSecret } from "@balcao/contracts";

const PREFIX = "enc:v1:";

/** Whether `stored` is in the encrypted form (anything else is a plain legacy value, or empty). */
export function isEncrypted(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export interface Secrets {
  /** The stored form of `plain`; "" stays "" (no secret set). Each call gives a different text. */
  encryptSecret(plain: string): string;
  /** `stored` back in plain text; "" stays "". Throws on anything tampered with, a wrong key, or a plain value. */
  decryptSecret(stored: string): string;
  /**
   * What a save stores: the stored value when the client left the field out or
   * sent back its mask (maskSecret of the plain value); "" when it cleared it;
   * otherwise `incoming`, encrypted.
   */
  keepOrReplace(incoming: string | undefined, storedEncrypted: string): string;
  /** HMAC-SHA-256 (hex) of `token` under a key derived from the secrets key: finds a row by a token; "" for "". */
  lookupHash(token: string): string;
}

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `balcao secrets v1 ${purpose}`, 32));
}

export function createSecrets(master: Buffer): Secrets {
  if (master.length !== 32) throw new Error("the secrets key must be 32 bytes");
  const encKey = derive(master, "encryption");
  const hashKey = derive(master, "lookup hash");

  function encryptSecret(plain: string): string {
    if (plain === "") return "";
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", encKey, iv);
    const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ct].map((b) => b.toString("base64"));
    return `${PREFIX}${parts.join(":")}`;
  }

  function decryptSecret(stored: string): string {
    if (stored === "") return "";
    if (!isEncrypted(stored)) throw new Error("decryptSecret: the value is not in the encrypted form");
    const [iv, tag, ct] = stored
      .slice(PREFIX.length)
      .split(":")
      .map((p) => Buffer.from(p, "base64"));
    if (!iv || !tag || !ct || iv.length !== 12 || tag.length !== 16) throw new Error("decryptSecret: malformed value");
    const decipher = createDecipheriv("aes-256-gcm", encKey, iv, { authTagLength: 16 });
    decipher.setAuthTag(tag);
    // final() throws when the tag does not match: a changed byte, or another key.
    return Buffer.concat([decipher.update(ct), decipher.final()]).toString("utf8");
  }

  return {
    encryptSecret,
    decryptSecret,
    keepOrReplace(incoming, storedEncrypted) {
      if (incoming === undefined) return storedEncrypted;
      if (incoming === "") return "";
      if (storedEncrypted !== "" && incoming === maskSecret(decryptSecret(storedEncrypted))) return storedEncrypted;
      return encryptSecret(incoming);
    },
    lookupHash(token) {
      return token === "" ? "" : createHmac("sha256", hashKey).update(token, "utf8").digest("hex");
    },
  };
}
