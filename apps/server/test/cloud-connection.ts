/**
 * A Cloud API connection for tests: the row with its four credentials, the
 * number known to the fake Graph API, Meta's webhook subscription pointed at
 * our server, and the driver started by the channel manager.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { whatsapps } from "../src/db/schema/index.js";
import { encryptSecret, lookupHash } from "../src/secrets/index.js";
import { buildCompany } from "./factories.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { startTestServer, type TestServer } from "./harness.js";
import type { ServerOptions } from "../src/server.js";
import { closeAllSockets } from "./sockets.js";

const uid = () => randomBytes(4).toString("hex");

export function webhookUrl(s: TestServer, connectionId: number) {
  return `${s.url}/api/webhooks/whatsapp/${connectionId}`;
}

export async function buildCloudConnection(
  s: TestServer,
  fake: FakeGraph,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const phoneNumberId = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const plain = {
    cloudAccessToken: `token-${uid()}`,
    cloudAppSecret: `secret-${uid()}`,
    cloudVerifyToken: `verify-${uid()}`,
    token: "",
    ...overrides,
  };
  const [row] = await s.ctx.db
    .insert(whatsapps)
    .values({
      companyId,
      name: `Cloud ${uid()}`,
      provider: "cloud",
      cloudPhoneNumberId: phoneNumberId,
      ...overrides,
      // Stored as a save stores them; the test reads them back in plain text.
      cloudAccessToken: encryptSecret(plain.cloudAccessToken),
      cloudAppSecret: encryptSecret(plain.cloudAppSecret),
      cloudVerifyToken: encryptSecret(plain.cloudVerifyToken),
      token: encryptSecret(plain.token),
      tokenHash: lookupHash(plain.token),
    })
    .returning();
  const connection = {
    ...row!,
    cloudAccessToken: plain.cloudAccessToken,
    cloudAppSecret: plain.cloudAppSecret,
    cloudVerifyToken: plain.cloudVerifyToken,
    token: plain.token,
  };
  fake.addNumber({ phoneNumberId: connection.cloudPhoneNumberId, accessToken: connection.cloudAccessToken });
  await fake.subscribe({
    phoneNumberId: connection.cloudPhoneNumberId,
    webhookUrl: webhookUrl(s, connection.id),
    appSecret: connection.cloudAppSecret,
  });
  await s.ctx.channels.refresh(connection.id);
  return connection;
}

/** A customer's number (a São Paulo mobile) no other test is likely to use. */
export const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A company with a running Cloud API connection subscribed to the fake. */
export async function buildCloudCompany(s: TestServer, fake: FakeGraph) {
  const company = await buildCompany(s);
  const connection = await buildCloudConnection(s, fake, company.id);
  return { company, connection, phoneNumberId: connection.cloudPhoneNumberId };
}

/** A test server whose Graph API is a fresh fake: `beforeAll(async () => ({ s, fake } = await startCloudServer()))`. */
export async function startCloudServer(options?: ServerOptions): Promise<{ s: TestServer; fake: FakeGraph }> {
  const fake = await startFakeGraph();
  const s = await startTestServer({ WHATSAPP_GRAPH_URL: fake.url }, options);
  return { s, fake };
}

export async function stopCloudServer(s: TestServer | undefined, fake: FakeGraph | undefined) {
  await s?.close();
  await fake?.close();
}

type CloudServer = { s: TestServer; fake: FakeGraph };

/**
 * A test file's hooks around one Cloud server: started before all tests and
 * handed to `use` for the file's own variables
 * (`cloudServerPerFile((started) => ({ s, fake } = started))`), spies restored
 * and sockets closed after each test so none leaks into the next, stopped at the end.
 */
export function cloudServerPerFile(use: (started: CloudServer) => void, options?: ServerOptions) {
  let started: CloudServer | undefined;
  beforeAll(async () => {
    started = await startCloudServer(options);
    use(started);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    closeAllSockets();
  });
  afterAll(() => stopCloudServer(started?.s, started?.fake));
}
