/**
 * Data directories and PostgreSQL databases for the upgrade tests: each made
 * fresh and removed by `cleanUp` (call it in afterAll).
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openPgliteBuild } from "./pglite-build.js";

export const serverUrl = process.env.TEST_DATABASE_URL;
export const quiet = { info: () => undefined };

const cleanups: (() => Promise<void> | void)[] = [];

export async function cleanUp() {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
  small = undefined;
}

export async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** An empty database on the test server (no template: the move migrates it). */
export async function emptyDatabase(): Promise<string> {
  const name = `balcao_up_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl!, (c) => c.query(`CREATE DATABASE ${name}`));
  cleanups.push(() => onServer(serverUrl!, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then());
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-upgrade-"));
  // As root the embedded cluster runs as the postgres user, who must reach the data directory.
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What the directory holds, file by file, so "untouched" means byte for byte. */
export function fingerprint(dir: string): string {
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      hash.update(path.relative(dir, p));
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

/** A small PGlite directory (one company, one contact), made once and copied for each failure. */
let small: string | undefined;
export async function smallPgliteDirectory(): Promise<string> {
  if (!small) {
    small = tempDataDir();
    const db = await openPgliteBuild(path.join(small, "db"));
    await db.query(
      "WITH c AS (INSERT INTO companies (name) VALUES ($1) RETURNING id) INSERT INTO contacts (company_id, name, number) SELECT id, $2, $3 FROM c",
      ["Padaria", "João", "5511988887777"],
    );
    await db.close();
  }
  const dataDir = tempDataDir();
  cpSync(path.join(small, "db"), path.join(dataDir, "db"), { recursive: true });
  return dataDir;
}

// Opening PGlite costs seconds (a fresh one, tens of seconds on a busy machine).
export const SLOW = 180_000;

export const siblings = (dataDir: string) => readdirSync(dataDir).sort();
