/**
 * Secrets at rest (issue 17 item 2): the cipher, the look-up hash, the masked
 * save, and where the key comes from. no-plaintext.test.ts checks the stored rows.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { createLogger } from "../logger.js";
import { createSecrets, isEncrypted, loadSecretsKey, maskSecret, SECRETS_KEY_FILE } from "./index.js";

const a = createSecrets(randomBytes(32));
const b = createSecrets(randomBytes(32));

describe("encryptSecret / decryptSecret", () => {
  it("round-trips any text, each time under a new IV, and leaves empty empty", () => {
    const plain = "sk-proj-ÀÉ-ключ-🔑-0123456789";
    const one = a.encryptSecret(plain);
    const two = a.encryptSecret(plain);
    expect(one).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain("0123456789");
    expect([a.decryptSecret(one), a.decryptSecret(two)]).toEqual([plain, plain]);
    expect([a.encryptSecret(""), a.decryptSecret("")]).toEqual(["", ""]);
    expect([isEncrypted(one), isEncrypted(plain), isEncrypted("")]).toEqual([true, false, false]);
  });

  it("refuses a value changed in any part, another key's value, and a plain value", () => {
    const stored = a.encryptSecret("app-secret-value");
    const [iv, tag, ct] = stored.slice("enc:v1:".length).split(":") as [string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64");
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString("base64");
    };
    for (const changed of [
      `enc:v1:${flip(iv)}:${tag}:${ct}`,
      `enc:v1:${iv}:${flip(tag)}:${ct}`,
      `enc:v1:${iv}:${tag}:${flip(ct)}`,
      `enc:v1:${iv}:${tag}`,
    ]) {
      expect(() => a.decryptSecret(changed), changed).toThrow();
    }
    expect(() => b.decryptSecret(stored)).toThrow();
    expect(() => a.decryptSecret("app-secret-value")).toThrow(/not in the encrypted form/);
  });
});

describe("lookupHash", () => {
  it("is the same for the same token under one key, differs across keys, and is empty for none", () => {
    const token = "x".repeat(40);
    expect(a.lookupHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(a.lookupHash(token)).toBe(a.lookupHash(token));
    expect(a.lookupHash(token)).not.toBe(a.lookupHash(`${token}y`));
    expect(a.lookupHash(token)).not.toBe(b.lookupHash(token));
    expect(a.lookupHash("")).toBe("");
  });
});

describe("keepOrReplace", () => {
  const stored = a.encryptSecret("EAAG-access-token-4321");

  it("keeps the stored secret when the field is left out or its mask comes back", () => {
    expect(maskSecret("EAAG-access-token-4321")).toBe("••••4321");
    expect(a.keepOrReplace(undefined, stored)).toBe(stored);
    expect(a.keepOrReplace("••••4321", stored)).toBe(stored);
  });

  it("stores a new secret encrypted, and an empty one as empty", () => {
    const replaced = a.keepOrReplace("EAAG-new-token-9999", stored);
    expect(isEncrypted(replaced)).toBe(true);
    expect(a.decryptSecret(replaced)).toBe("EAAG-new-token-9999");
    expect(a.keepOrReplace("", stored)).toBe("");
    // Nothing stored yet: even a text that looks like a mask is what the user typed.
    expect(a.decryptSecret(a.keepOrReplace("••••4321", ""))).toBe("••••4321");
  });
});

describe("the secrets key", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "balcao-secrets-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  function capture() {
    const lines: { level: number; msg: string }[] = [];
    const log = createLogger(
      { LOG_LEVEL: "info", LOG_FORMAT: "json" },
      { write: (l: string) => void lines.push(JSON.parse(l)) },
    );
    return { log, lines };
  }

  it("without SECRETS_KEY is generated once into the data directory, readable by its owner only, then reused", () => {
    const dir = dataDir();
    const { log, lines } = capture();
    const first = loadSecretsKey({ DATA_DIR: dir, SECRETS_KEY: undefined, DATABASE_URL: undefined }, log);
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toEqual(first);
    const again = loadSecretsKey({ DATA_DIR: dir, SECRETS_KEY: undefined, DATABASE_URL: undefined }, log);
    expect(again).toEqual(first);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    // What one start encrypted, the next start reads.
    expect(createSecrets(again).decryptSecret(createSecrets(first).encryptSecret("kept"))).toBe("kept");
  });

  it("with DATABASE_URL and no SECRETS_KEY, the start log says several nodes need one shared key", () => {
    const { log, lines } = capture();
    loadSecretsKey({ DATA_DIR: dataDir(), SECRETS_KEY: undefined, DATABASE_URL: "postgres://db/balcao" }, log);
    expect(lines.find((l) => l.level === 40)?.msg).toMatch(/several nodes .* one shared SECRETS_KEY/);
  });

  it("SECRETS_KEY is taken as 64 hex digits or base64 of 32 bytes, nothing written to the data directory", () => {
    const key = randomBytes(32);
    const dir = dataDir();
    const { log } = capture();
    for (const text of [key.toString("hex"), key.toString("base64"), key.toString("base64url")]) {
      const config = loadConfig({ SECRETS_KEY: text, DATA_DIR: dir, DATABASE_URL: "postgres://db/balcao" });
      expect(loadSecretsKey(config, log)).toEqual(key);
    }
    expect(() => statSync(path.join(dir, SECRETS_KEY_FILE))).toThrow();
  });

  it("a SECRETS_KEY of another length or form stops the start", () => {
    for (const bad of ["short", randomBytes(16).toString("hex"), randomBytes(31).toString("base64"), "z".repeat(64)]) {
      expect(() => loadConfig({ SECRETS_KEY: bad }), bad).toThrow(/SECRETS_KEY/);
    }
  });
});
