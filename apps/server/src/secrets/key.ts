/**
 * Where the secrets key comes from: SECRETS_KEY (32 bytes, as 64 hex digits or
 * base64), or else DATA_DIR/secrets.key, generated at the first start with mode
 * 0600 and read at every later one. Never the database: a copy of the database
 * alone reveals no secret. With DATABASE_URL several nodes may share the
 * database, and each would generate its own file: the start log says so.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";

export const SECRETS_KEY_FILE = "secrets.key";

/** The 32 bytes a SECRETS_KEY text stands for, or undefined when it is neither form. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/** The key file's, created when missing (exclusively: of two processes starting at once, one writes it). */
function keyFromFile(dataDir: string): { key: Buffer; created: boolean } {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return { key: readKeyFile(file), created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return { key: readKeyFile(file), created: false };
  }
}

function readKeyFile(file: string): Buffer {
  const key = parseSecretsKey(readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold a secrets key (32 bytes, base64 or hex)`);
  return key;
}

export function loadSecretsKey(
  config: Pick<Config, "SECRETS_KEY" | "DATA_DIR" | "DATABASE_URL">,
  log: FastifyBaseLogger,
): Buffer {
  if (config.SECRETS_KEY) {
    const key = parseSecretsKey(config.SECRETS_KEY);
    if (!key) throw new Error("SECRETS_KEY must be 32 bytes, as 64 hex digits or base64");
    return key;
  }
  const { key, created } = keyFromFile(config.DATA_DIR);
  const file = path.join(config.DATA_DIR, SECRETS_KEY_FILE);
  if (created)
    log.info(
      { file },
      "generated the secrets key (keep it with your backups: without it stored secrets cannot be read)",
    );
  if (config.DATABASE_URL)
    log.warn(
      { file },
      "SECRETS_KEY is not set: this node uses the key in its data directory; several nodes on one database need one shared SECRETS_KEY",
    );
  return key;
}
