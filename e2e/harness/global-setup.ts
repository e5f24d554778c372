/**
 * Playwright global setup: a temporary DATA_DIR, a fake SMTP server, a fresh
 * database (PostgreSQL when TEST_DATABASE_URL is set, otherwise the embedded
 * PGlite under DATA_DIR) and the real server on a free port. The returned
 * function stops everything after the run.
 *
 * It also prepares one fixture no public route can make: a company whose
 * subscription has expired. It signs up through the API like anyone else and
 * then has its due date moved into the past in the database. PGlite allows one
 * process per data directory, so in that mode the server is stopped for the
 * edit and started again.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { envKeys } from "./env.js";
import { startMailbox } from "./mailbox.js";
import { newPerson, signUpByApi } from "./people.js";
import { createRunDatabase, repoRoot, startServer, type RunDatabase, type RunningServer } from "./server.js";

export const ADMIN_PASSWORD = "Admin123e2e";

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const expireSql = "UPDATE companies SET due_date = $1 WHERE id = $2";

export default async function globalSetup() {
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-e2e-"));
  const logFile = path.join(dir, "server.log");
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    // Keep the server's log beside Playwright's own results, for reading after a failure.
    if (existsSync(logFile)) {
      const results = path.join(repoRoot, "test-results");
      mkdirSync(results, { recursive: true });
      copyFileSync(logFile, path.join(results, "e2e-server.log"));
    }
    if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };

  try {
    const mailbox = await startMailbox();
    cleanups.push(() => mailbox.close());

    let database: RunDatabase | undefined;
    if (process.env.TEST_DATABASE_URL) {
      database = await createRunDatabase(process.env.TEST_DATABASE_URL);
      const created = database;
      cleanups.push(() => created.drop());
    }

    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: path.join(dir, "data"),
      ADMIN_PASSWORD,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(mailbox.smtpPort),
      SMTP_SECURE: "false",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    // Never let a developer's own settings leak into the run.
    for (const key of ["DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "SMTP_USER", "SMTP_PASS", "WEB_DIST"]) {
      if (!(key in env)) env[key] = "";
    }

    let server: RunningServer = await startServer(env, logFile);
    cleanups.push(() => server.stop());

    const expired = newPerson("expired");
    const company = await signUpByApi(server.url, expired);
    const dueDate = daysAgo(10);
    if (database) {
      await database.sql(expireSql, [dueDate, company.id]);
    } else {
      await server.stop();
      const db = new PGlite(path.join(env.DATA_DIR!, "db"));
      await db.query(expireSql, [dueDate, company.id]);
      await db.close();
      server = await startServer(env, logFile);
    }

    process.env[envKeys.baseURL] = server.url;
    process.env[envKeys.mailboxURL] = mailbox.url;
    process.env[envKeys.expiredEmail] = expired.email;
    process.env[envKeys.expiredPassword] = expired.password;
    process.env[envKeys.expiredDueDate] = dueDate;
    process.stdout.write(
      `e2e: server ${server.url} on ${database ? "PostgreSQL" : "PGlite"}, log ${logFile}` +
        `${process.env.E2E_KEEP ? " (kept)" : ""}\n`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
