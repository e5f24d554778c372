/**
 * Whether this process's secrets key is the one the database's secrets were
 * encrypted with: a known text encrypted at the first start (app_secrets
 * "secrets_key_check") must decrypt at every later one. A node started with
 * another key (SECRETS_KEY unset on one node of several, a data directory
 * restored without its secrets.key) stops at start with a clear reason,
 * instead of answering 500 wherever a secret is read.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { appSecrets } from "../db/schema/index.js";
import { decryptSecret, encryptSecret } from "./index.js";

const CHECK_KEY = "secrets_key_check";
const CHECK_TEXT = "balcao secrets key check";

export class WrongSecretsKey extends Error {
  constructor() {
    super(
      "the secrets key (SECRETS_KEY, or DATA_DIR/secrets.key when unset) is not the one this database's secrets " +
        "were encrypted with: start with that key (every node on one database needs the same SECRETS_KEY)",
    );
  }
}

function opens(stored: string): boolean {
  try {
    return decryptSecret(stored) === CHECK_TEXT;
  } catch {
    return false;
  }
}

export async function assertSecretsKeyMatches(db: Db): Promise<void> {
  // Two nodes at their first start: one insert wins, and both check the one that won.
  await db
    .insert(appSecrets)
    .values({ key: CHECK_KEY, value: encryptSecret(CHECK_TEXT) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, CHECK_KEY));
  if (!row || !opens(row.value)) throw new WrongSecretsKey();
}
