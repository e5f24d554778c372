/**
 * Session ownership across processes (DESIGN §3): two real server processes
 * on one PostgreSQL database. Each points WhatsApp Web at its own path of a
 * local HTTP server, so the upgrade requests it records tell which process
 * opened a session. Runs only on PostgreSQL (TEST_DATABASE_URL), as CI does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createRunDatabase,
  startServer,
  type RunDatabase,
  type RunningServer,
} from "../../../../e2e/harness/server.js";
import { ADMIN } from "../../test/harness.js";
import { TEST_SECRETS_KEY } from "../../test/secrets-key.js";

const adminUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(path.join(tmpdir(), "balcao-lease-"));
/** Which process knocked on WhatsApp Web, in order ("a" or "b"). */
const knocks: string[] = [];
let whatsappWeb: Server;
let webUrl: string;
let database: RunDatabase;
const processes: RunningServer[] = [];

async function start(name: "a" | "b"): Promise<RunningServer> {
  const server = await startServer(
    {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, name),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: "/nonexistent",
      WHATSAPP_WEB_URL: `${webUrl}/${name}`,
      SESSION_LEASE_RETRY_MS: "200",
      // Two nodes on one database share one key.
      SECRETS_KEY: TEST_SECRETS_KEY,
    },
    path.join(dir, `${name}.log`),
  );
  processes.push(server);
  return server;
}

async function api<T>(server: RunningServer, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const until = (what: string, check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}; knocks: ${knocks.join(",")}`);
    },
    { timeout: 15_000, interval: 50 },
  );

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(adminUrl)("a WhatsApp Web session on two server processes", () => {
  beforeAll(async () => {
    database = await createRunDatabase(adminUrl!);
    whatsappWeb = createServer();
    // Record who asked, then hang up: the session stays unopened, which is all this test needs.
    whatsappWeb.on("upgrade", (req, socket) => {
      knocks.push(req.url?.split("/")[1] ?? "?");
      socket.destroy();
    });
    await new Promise<void>((resolve) => whatsappWeb.listen(0, "127.0.0.1", resolve));
    webUrl = `ws://127.0.0.1:${(whatsappWeb.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) await p.stop();
    await new Promise((resolve) => whatsappWeb.close(resolve));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("runs on one process only, which takes session commands from the other, and moves when it stops", async () => {
    const a = await start("a");
    const { token } = await api<{ token: string }>(a, "POST", "/auth/login", undefined, ADMIN);
    const connection = await api<{ id: number }>(a, "POST", "/whatsapp", token, {
      name: "Web",
      provider: "beta",
      isDefault: true,
      queueIds: [],
    });
    await until("process a to open the session", () => knocks.includes("a"));

    const b = await start("b");
    await settle(1_500);
    expect(knocks).not.toContain("b");

    // "Try again" pressed on a page served by b runs where the session lives.
    const before = knocks.length;
    const { token: tokenB } = await api<{ token: string }>(b, "POST", "/auth/login", undefined, ADMIN);
    await api(b, "POST", `/whatsappsession/${connection.id}`, tokenB);
    await until("process a to reopen the session", () => knocks.slice(before).includes("a"));
    await settle(500);
    expect(knocks).not.toContain("b");

    await a.stop();
    await until("process b to take the session over", () => knocks.includes("b"));
  }, 120_000);
});
