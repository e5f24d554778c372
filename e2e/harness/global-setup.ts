/**
 * Playwright global setup: a temporary DATA_DIR, a fake SMTP server, a fake
 * WhatsApp Cloud API (Graph) server, a fake Asaas (the payment provider, its
 * tokens set in the platform's settings by the super admin), a fresh
 * database (PostgreSQL when TEST_DATABASE_URL is set, otherwise the server's
 * own embedded PostgreSQL under DATA_DIR, as `npm start` runs) and the real
 * server on a free port. The returned
 * function stops everything after the run.
 *
 * It also prepares a fixture no public route can make: companies whose
 * subscription has expired (one stays so; billing.spec.ts renews the other).
 * Each signs up through the API like anyone else, then the super admin moves
 * its due date into the past (PUT /api/companies/{id}).
 * This is done here, before any test runs, because a login ends the user's
 * other sessions: a spec driving the super admin in the browser is never
 * logged out by it.
 */
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeAsaas } from "../../apps/server/test/fake-asaas.js";
import { startFakeGraph } from "../../apps/server/test/fake-graph.js";
import { startFakeOpenAi } from "../../apps/server/test/fake-openai.js";
import { findChromium } from "./chromium.js";
import { envKeys } from "./env.js";
import { startMailbox } from "./mailbox.js";
import { apiLogin, newPerson, signUpByApi, type Person } from "./people.js";
import { freePort } from "../../apps/server/src/free-port.js";
import { createRunDatabase, repoRoot, startServer, type RunDatabase } from "./server.js";

export const ADMIN = { email: "admin@example.com", password: "Admin123e2e" };

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The webhook token the platform is set up with; the fake Asaas sends it with its webhooks. */
const ASAAS_WEBHOOK_TOKEN = "e2e-asaas-webhook-token-0123456789";

/** PUT {host}{path} as the super admin. */
async function superPut(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}/api${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT /api${path} answered ${res.status}: ${await res.text()}`);
}

/** A company signed up by `person`, its due date then moved `dueDate` by the super admin. */
async function expiredCompany(url: string, superToken: string, person: Person, dueDate: string) {
  const company = await signUpByApi(url, person);
  await superPut(url, superToken, `/companies/${company.id}`, { dueDate });
}

export default async function globalSetup() {
  // First, before anything else reads the temp directory: the bundled browser unpacks with TMPDIR moved.
  const chromium = await findChromium();
  process.env[envKeys.chromium] = JSON.stringify(chromium);
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-e2e-"));
  // As root the embedded PostgreSQL runs as the user "postgres", which must reach DATA_DIR inside.
  chmodSync(dir, 0o755);
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

    // The WhatsApp Cloud API the server talks to; tests play the customer through its control API.
    const graph = await startFakeGraph();
    cleanups.push(() => graph.close());

    // The payment provider; tests pay its charges through its control API.
    const asaas = await startFakeAsaas();
    cleanups.push(() => asaas.close());

    // The AI provider (OpenAI-compatible): the server's OPENAI_BASE_URL, so a prompt without a base URL of its
    // own calls it; specs script its answers and read what it was sent through its control API.
    const openAi = await startFakeOpenAi();
    cleanups.push(() => openAi.close());

    let database: RunDatabase | undefined;
    if (process.env.TEST_DATABASE_URL) {
      database = await createRunDatabase(process.env.TEST_DATABASE_URL);
      const created = database;
      cleanups.push(() => created.drop());
    }

    // The web app as `npm run build` left it, copied so that a rebuild during the
    // run (a developer's, or another checkout's) cannot pull pages from under the tests.
    const builtWeb = path.join(repoRoot, "apps/web/dist");
    if (!existsSync(path.join(builtWeb, "index.html"))) {
      throw new Error("apps/web/dist is missing: run `npm run build` first (npm run test:e2e does)");
    }
    const web = path.join(dir, "web");
    cpSync(builtWeb, web, { recursive: true });

    const whatsappWebControlPort = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: path.join(dir, "data"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(mailbox.smtpPort),
      SMTP_SECURE: "false",
      WEB_DIST: web,
      WHATSAPP_GRAPH_URL: graph.url,
      ASAAS_URL: asaas.url,
      OPENAI_BASE_URL: openAi.url,
      // The sockets are scripted (whatsapp-web-main.ts); this address only makes sure nothing else is reached.
      WHATSAPP_WEB_URL: `ws://127.0.0.1:${await freePort()}/ws/chat`,
      E2E_WHATSAPP_WEB_CONTROL_PORT: String(whatsappWebControlPort),
      // Every spec signs people in from 127.0.0.1, two workers at a time: far more than a
      // person's 20 a minute. The limit itself is proven by the server tests (rate-limit.test.ts).
      AUTH_RATE_LIMIT: "1000",
      // The fakes the AI and integrations specs start (OpenAI, a webhook receiver) listen on 127.0.0.1,
      // which the outbound guard refuses unless the operator allows private addresses.
      ALLOW_PRIVATE_OUTBOUND: "true",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    // Never let a developer's own settings leak into the run.
    for (const key of ["DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "SMTP_USER", "SMTP_PASS"]) {
      if (!(key in env)) env[key] = "";
    }

    const server = await startServer(env, logFile, "e2e/harness/whatsapp-web-main.ts");
    cleanups.push(() => server.stop());

    const { token } = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    await superPut(server.url, token, "/settings/asaas", { value: asaas.accessToken });
    await superPut(server.url, token, "/settings/asaasWebhookToken", { value: ASAAS_WEBHOOK_TOKEN });
    const dueDate = daysAgo(10);
    const expired = newPerson("expired");
    await expiredCompany(server.url, token, expired, dueDate);
    const billingExpired = newPerson("billing-expired");
    await expiredCompany(server.url, token, billingExpired, dueDate);

    process.env[envKeys.baseURL] = server.url;
    process.env[envKeys.mailboxURL] = mailbox.url;
    process.env[envKeys.whatsappWebControl] = `http://127.0.0.1:${whatsappWebControlPort}`;
    process.env[envKeys.graphOrigin] = graph.origin;
    process.env[envKeys.expiredEmail] = expired.email;
    process.env[envKeys.expiredPassword] = expired.password;
    process.env[envKeys.expiredDueDate] = dueDate;
    process.env[envKeys.billingExpiredEmail] = billingExpired.email;
    process.env[envKeys.billingExpiredPassword] = billingExpired.password;
    process.env[envKeys.asaasURL] = asaas.url;
    process.env[envKeys.openAiURL] = openAi.url;
    process.env[envKeys.asaasWebhookToken] = ASAAS_WEBHOOK_TOKEN;
    process.stdout.write(
      `e2e: server ${server.url} on ${database ? "PostgreSQL" : "the embedded PostgreSQL"}, log ${logFile}, ` +
        `${chromium.source} Chromium ${chromium.executablePath}` +
        `${process.env.E2E_KEEP ? " (kept)" : ""}\n`,
    );
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
