/** WhatsApp Web connections for tests: created through the API and paired through a fake socket. */
import type { WhatsappDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { baileysKeys } from "../src/db/schema/index.js";
import { connectionBody, sessionReaches } from "./connections.js";
import type { FakeSocket } from "./fake-baileys.js";
import type { TestServer } from "./harness.js";

export interface WebConnection {
  whatsapp: WhatsappDto;
  /** The connection's newest socket. */
  socket(): FakeSocket;
  /** Resolves with the socket created after `count` earlier ones. */
  nextSocket(count: number): Promise<FakeSocket>;
}

/** A new WhatsApp Web connection, saved as the connection modal does; its session is opening. */
export async function createWebConnection(
  s: TestServer,
  adminToken: string,
  extra: Record<string, unknown> = {},
): Promise<WebConnection> {
  const res = await s.request({
    method: "POST",
    path: "/whatsapp",
    token: adminToken,
    body: connectionBody({ name: `Web ${Date.now()}`, ...extra }),
  });
  if (res.statusCode !== 200) throw new Error(`connection not created: ${res.body}`);
  const whatsapp = res.json<WhatsappDto>();
  const connection: WebConnection = {
    whatsapp,
    socket: () => s.whatsappWeb.latestOf(whatsapp.id)!,
    nextSocket: (count) =>
      vi.waitFor(
        () => {
          const socket = s.whatsappWeb.socketsOf(whatsapp.id)[count];
          if (!socket) throw new Error(`no socket #${count + 1} for connection ${whatsapp.id}`);
          return socket;
        },
        { timeout: 5_000, interval: 10 },
      ),
  };
  await connection.nextSocket(0);
  return connection;
}

/** Shows a QR, scans it with the phone `number`, and opens the socket WhatsApp's restart asks for. */
export async function pair(s: TestServer, connection: WebConnection, number = "5511987650000"): Promise<FakeSocket> {
  const before = s.whatsappWeb.socketsOf(connection.whatsapp.id).length;
  connection.socket().showQr();
  await sessionReaches(s, connection.whatsapp.id, "qrcode");
  connection.socket().scan(number);
  const socket = await connection.nextSocket(before);
  socket.open();
  await sessionReaches(s, connection.whatsapp.id, "CONNECTED");
  return socket;
}

/** A WhatsApp Web connection created and paired, with its open socket. */
export async function connectedWebConnection(s: TestServer, adminToken: string, number?: string) {
  const connection = await createWebConnection(s, adminToken);
  const socket = await pair(s, connection, number);
  return { ...connection, open: socket };
}

export async function storedKeys(s: TestServer, whatsappId: number): Promise<string[]> {
  const rows = await s.ctx.db
    .select({ key: baileysKeys.key })
    .from(baileysKeys)
    .where(eq(baileysKeys.whatsappId, whatsappId));
  return rows.map((r) => r.key);
}
