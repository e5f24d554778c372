/**
 * Secrets encrypted at rest (issue 17 item 2). Module functions over one
 * process-wide key, set at start by server.ts (`initSecrets(loadSecretsKey(config, log))`,
 * before the start-up step that encrypts legacy rows); no ctx needed:
 *
 *   import { encryptSecret, decryptSecret, keepOrReplace, lookupHash, maskSecret } from "../../secrets/index.js";
 *
 *   column = encryptSecret(plain)                    // on create
 *   column = keepOrReplace(input.apiKey, row.apiKey) // on update: undefined or the mask keeps the stored one
 *   plain  = decryptSecret(row.apiKey)               // where the secret is used
 *   answer = maskSecret(decryptSecret(row.apiKey))   // "••••1234": never the whole key in an answer
 *   where(eq(table.tokenHash, lookupHash(bearer)))   // find a row by a token
 *
 * One key per process: every server in one process must use the same (tests: test/harness.ts
 * sets SECRETS_KEY). New secret columns: add them to encrypt-existing.ts if rows may predate
 * encryption, and to no-plaintext.test.ts.
 */
import { createSecrets, type Secrets } from "./cipher.js";

export { maskSecret } from "@balcao/contracts";
export { createSecrets, isEncrypted, type Secrets } from "./cipher.js";
export { loadSecretsKey, parseSecretsKey, SECRETS_KEY_FILE } from "./key.js";

let current: Secrets | undefined;

export function initSecrets(key: Buffer): void {
  current = createSecrets(key);
}

function secrets(): Secrets {
  if (!current) throw new Error("secrets used before initSecrets (server.ts calls it at start)");
  return current;
}

export const encryptSecret = (plain: string): string => secrets().encryptSecret(plain);
export const decryptSecret = (stored: string): string => secrets().decryptSecret(stored);
export const keepOrReplace = (incoming: string | undefined, storedEncrypted: string): string =>
  secrets().keepOrReplace(incoming, storedEncrypted);
export const lookupHash = (token: string): string => secrets().lookupHash(token);
