/**
 * Starts the real server (HTTP + Socket.IO + jobs) on a fresh database for one
 * test file. Tests call it exactly as the spec's client does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig, type Config } from "../src/config.js";
import { createServer, type Server, type ServerOptions } from "../src/server.js";
import { testDatabase } from "./database.js";
import { FakeWhatsAppWeb } from "./fake-baileys.js";
import { TEST_SECRETS_KEY } from "./secrets-key.js";

export interface TestServer extends Server {
  /** http://127.0.0.1:port, for sockets and real HTTP clients. */
  url: string;
  request(opts: RequestOptions): Promise<LightMyRequestResponse>;
  /** The WhatsApp Web sockets the server's connections opened (tests drive them). */
  whatsappWeb: FakeWhatsAppWeb;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export const ADMIN = { email: "admin@example.com", password: "Admin123" };

/** The configuration of a test server process: silent, loopback-only, its files in `dataDir`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "10000",
    WEB_DIST: "/nonexistent",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: "0",
    DATA_DIR: dataDir,
    // Never the real WhatsApp: the sockets are fakes, and these addresses are loopback besides
    // (tests of the Cloud API point WHATSAPP_GRAPH_URL at their fake).
    WHATSAPP_WEB_URL: "ws://127.0.0.1:9/ws/chat",
    WHATSAPP_GRAPH_URL: "http://127.0.0.1:9/v21.0",
    // Never the real Asaas (billing tests point it at test/fake-asaas.ts).
    ASAAS_URL: "http://127.0.0.1:9",
    // Every server of the process shares one (the key is process-wide; several on one database must agree).
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...env,
  });
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-test-"));
  const config = testConfig(dataDir, env);
  const database = await testDatabase();
  const whatsappWeb = new FakeWhatsAppWeb();
  const server = await createServer(config, database, { whatsappWeb, ...options });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    ...server,
    whatsappWeb,
    url: `http://127.0.0.1:${port}`,
    request: ({ method = "GET", path, token, body, headers = {}, cookies }) =>
      server.app.inject({
        method,
        url: `/api${path}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(cookies ? { cookies } : {}),
        ...(body === undefined ? {} : typeof body === "string" ? { payload: body } : { payload: body as object }),
      }),
    async close() {
      await server.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
