/**
 * At start, before migrations and the seed: data the earlier build kept in
 * PGlite (DATA_DIR/db) moves into the embedded cluster by itself, so an
 * upgrade loses nothing (issue 16 item 4). The move refuses a target holding
 * rows, hence before the seed writes any. On DATABASE_URL the operator chose
 * where the data lives: the log says how to move it instead. The move runs in
 * a child process (in-child.ts), which takes PGlite's memory with it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../client.js";
import { upgradeInChild } from "./in-child.js";

/** Where the earlier build kept its PGlite database (the cluster now lives in DATA_DIR/pg). */
export const pgliteDirectory = (dataDir: string) => path.resolve(dataDir, "db");

/** A PostgreSQL data directory, as PGlite writes one, has PG_VERSION at its root. */
export const hasPgliteData = (dataDir: string) => existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"));

export async function moveEarlierBuildData(database: Database, dataDir: string, log: FastifyBaseLogger) {
  if (!hasPgliteData(dataDir)) return;
  if (database.kind !== "embedded") {
    log.warn(
      { dir: pgliteDirectory(dataDir) },
      "this data directory holds the earlier build's PGlite database; `npm run db:upgrade` moves it into DATABASE_URL",
    );
    return;
  }
  await upgradeInChild({ dataDir, targetUrl: database.url, log: { info: (message) => log.info(message) } });
}
