/** Connections for tests: the body the connection modal sends and its two saves, and a connection row built directly. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { whatsapps } from "../src/db/schema/index.js";
import { encryptSecret, lookupHash } from "../src/secrets/index.js";
import type { TestServer } from "./harness.js";

/** Every field of the connection modal (core-platform §2.17), as the web client sends them. */
export const connectionBody = (extra: Record<string, unknown> = {}) => ({
  name: "Comercial",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "Obrigado!",
  outOfHoursMessage: "Fechado.",
  ratingMessage: "Avalie",
  token: "",
  provider: "beta",
  queueIds: [],
  sendIdQueue: null,
  timeSendQueue: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  transferQueueId: null,
  timeToTransfer: 0,
  expiresTicket: 0,
  expiresInactiveMessage: "",
  promptId: null,
  integrationId: null,
  ...extra,
});

/**
 * A test server's settings for the connection route tests: a public URL for
 * the webhook address, and a Graph API that refuses at once for the Cloud
 * connections saved there, which start in the background.
 */
export const connectionsTestEnv = {
  PUBLIC_URL: "https://balcao.example.com/",
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:9/v21.0",
};

/** POST /whatsapp as the modal saves a new connection. */
export const createConnection = (s: TestServer, token: string, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/whatsapp", token, body: connectionBody(extra) });

/** PUT /whatsapp/{id} as the modal saves an edit (isDefault left as stored unless given). */
export const updateConnection = (s: TestServer, token: string, id: number, extra: Record<string, unknown> = {}) =>
  s.request({
    method: "PUT",
    path: `/whatsapp/${id}`,
    token,
    body: connectionBody({ isDefault: undefined, ...extra }),
  });

/**
 * A connection row straight in the database (no rules, no events): for tests of other areas.
 * Its token and Cloud credentials are given in plain text and stored as saves store them (encrypted, the
 * token also as its look-up hash).
 */
export async function buildWhatsapp(
  s: TestServer,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const stored = { ...overrides };
  for (const field of ["token", "cloudAccessToken", "cloudAppSecret", "cloudVerifyToken"] as const) {
    if (stored[field]) stored[field] = encryptSecret(stored[field]);
  }
  if (overrides.token) stored.tokenHash = lookupHash(overrides.token);
  const [row] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId, name: `Connection ${randomBytes(4).toString("hex")}`, ...stored })
    .returning();
  return row!;
}

/** Waits until the connection's stored session status is `status` (sessions start in the background). */
export async function sessionReaches(s: TestServer, whatsappId: number, status: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await s.ctx.db
        .select({ status: whatsapps.status })
        .from(whatsapps)
        .where(eq(whatsapps.id, whatsappId));
      if (row?.status !== status) throw new Error(`connection ${whatsappId} is ${row?.status}, never ${status}`);
    },
    { timeout: 5_000, interval: 20 },
  );
}
