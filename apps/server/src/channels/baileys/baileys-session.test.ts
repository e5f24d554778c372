/**
 * A WhatsApp Web session as the connections page lives it (core-platform
 * §4.3, §7.4): QR pairing, the session buttons, drops, a logout from the
 * phone, the pairing kept in the database, and failures that stay inside
 * one session. WhatsApp's side is played by fake sockets (test/fake-baileys.ts).
 */
import { channels, type WhatsappDto } from "@balcao/contracts";
import { DisconnectReason } from "@whiskeysockets/baileys";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baileysKeys } from "../../db/schema/index.js";
import { sessionReaches, updateConnection } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, record } from "../../../test/sockets.js";
import { connectedWebConnection, createWebConnection, pair, storedKeys } from "../../../test/whatsapp-web.js";
import { QR_LIMIT } from "./web-session.js";

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterEach(() => closeAllSockets());
afterAll(() => s.close());

const read = async (token: string, id: number) =>
  (await s.request({ path: `/whatsapp/${id}`, token })).json<WhatsappDto>();
const session = (token: string, method: "POST" | "PUT" | "DELETE", id: number) =>
  s.request({ method, path: `/whatsappsession/${id}`, token });

describe("pairing", () => {
  it("shows the QR, then PAIRING after the scan and CONNECTED with the number, telling the page each step", async () => {
    const t = await buildTenant(s);
    const page = await connectSocket(s, t.admin.token);
    const seen = record<{ session: { status: string; qrcode: string } }>(page, channels.whatsappSession(t.company.id));
    const connection = await createWebConnection(s, t.admin.token);
    expect(connection.socket().config.waWebSocketUrl).toBe("ws://127.0.0.1:9/ws/chat");
    // Baileys' own WhatsApp Web version unless WHATSAPP_WEB_VERSION says otherwise.
    expect(connection.socket().config.version).toBeUndefined();

    const qr = connection.socket().showQr();
    await sessionReaches(s, connection.whatsapp.id, "qrcode");
    expect(await read(t.admin.token, connection.whatsapp.id)).toMatchObject({
      status: "qrcode",
      qrcode: qr,
      retries: 1,
    });

    await pair(s, connection, "5511912345678");
    await flush(s, page);
    expect(await read(t.admin.token, connection.whatsapp.id)).toMatchObject({
      status: "CONNECTED",
      qrcode: "",
      number: "5511912345678",
    });
    const statuses = seen.map((e) => e.session.status);
    expect(statuses).toEqual(expect.arrayContaining(["OPENING", "qrcode", "PAIRING", "CONNECTED"]));
    expect(statuses.indexOf("PAIRING")).toBeLessThan(statuses.indexOf("CONNECTED"));
    expect(seen.find((e) => e.session.status === "qrcode")?.session.qrcode).toBe(qr);
  });

  it("keeps the pairing in the database, so a restart resumes it without a QR", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const id = connection.whatsapp.id;
    expect(await storedKeys(s, id)).toEqual(expect.arrayContaining(["creds", "meta:pairedAt"]));

    await s.ctx.channels.stop(id);
    const count = s.whatsappWeb.socketsOf(id).length;
    expect((await session(t.admin.token, "POST", id)).json()).toEqual({ message: "Starting session." });
    const resumed = await connection.nextSocket(count);
    expect(resumed.creds.me?.id).toBe(connection.open.creds.me?.id);
    expect(Buffer.from(resumed.creds.noiseKey.private)).toEqual(Buffer.from(connection.open.creds.noiseKey.private));
    resumed.open();
    await sessionReaches(s, id, "CONNECTED");
  });

  it(`gives up after ${QR_LIMIT} QR codes nobody scanned; "try again" shows new ones`, async () => {
    const t = await buildTenant(s);
    const connection = await createWebConnection(s, t.admin.token);
    for (let i = 0; i <= QR_LIMIT; i++) connection.socket().showQr();
    await sessionReaches(s, connection.whatsapp.id, "DISCONNECTED");
    expect(connection.socket().ended).toBe(true);
    expect((await read(t.admin.token, connection.whatsapp.id)).qrcode).toBe("");

    await session(t.admin.token, "POST", connection.whatsapp.id);
    (await connection.nextSocket(1)).showQr();
    await sessionReaches(s, connection.whatsapp.id, "qrcode");
  });
});

describe("session buttons", () => {
  it("disconnect logs out of the phone, forgets the pairing and refuses sends", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const id = connection.whatsapp.id;
    const res = await session(t.admin.token, "DELETE", id);
    expect(res.json()).toEqual({ message: "Session disconnected." });
    expect(connection.open.loggedOut).toBe(true);
    expect(await read(t.admin.token, id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(await storedKeys(s, id)).toEqual([]);
    expect(() => s.ctx.channels.driverFor(id)).toThrow(expect.objectContaining({ code: "ERR_WAPP_NOT_INITIALIZED" }));
  });

  it("new QR forgets the pairing and starts over with new keys", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const count = s.whatsappWeb.socketsOf(connection.whatsapp.id).length;
    await session(t.admin.token, "PUT", connection.whatsapp.id);
    const fresh = await connection.nextSocket(count);
    expect(connection.open.ended).toBe(true);
    expect(fresh.creds.me).toBeUndefined();
    expect(Buffer.from(fresh.creds.noiseKey.private)).not.toEqual(Buffer.from(connection.open.creds.noiseKey.private));
    fresh.showQr();
    await sessionReaches(s, connection.whatsapp.id, "qrcode");
  });

  it("saving the connection's settings leaves a connected session as it is", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const count = s.whatsappWeb.socketsOf(connection.whatsapp.id).length;
    const res = await updateConnection(s, t.admin.token, connection.whatsapp.id, {
      name: "Loja renomeada",
      greetingMessage: "Olá!",
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(connection.open.ended).toBe(false);
    expect(s.whatsappWeb.socketsOf(connection.whatsapp.id)).toHaveLength(count);
    expect(await read(t.admin.token, connection.whatsapp.id)).toMatchObject({
      name: "Loja renomeada",
      status: "CONNECTED",
    });
  });

  it("answers ERR_NO_WAPP_FOUND for another company's connection and needs the page's permission", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const res = await session(other.admin.token, method, connection.whatsapp.id);
      expect(res.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
      expect((await session(t.agent.token, method, connection.whatsapp.id)).statusCode).toBe(403);
    }
    expect(connection.open.loggedOut).toBe(false);
    expect((await read(t.admin.token, connection.whatsapp.id)).status).toBe("CONNECTED");
  });
});

describe("drops and failures", () => {
  it("reconnects after a drop: TIMEOUT, then CONNECTED again on a new socket", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const count = s.whatsappWeb.socketsOf(connection.whatsapp.id).length;
    connection.open.close(DisconnectReason.connectionLost);
    await sessionReaches(s, connection.whatsapp.id, "TIMEOUT");
    const again = await connection.nextSocket(count);
    expect(again.creds.me?.id).toBe(connection.open.creds.me?.id);
    again.open();
    await sessionReaches(s, connection.whatsapp.id, "CONNECTED");
  });

  it("a logout from the phone leaves the connection DISCONNECTED, its keys gone, and the next start asks for a QR", async () => {
    const t = await buildTenant(s);
    const connection = await connectedWebConnection(s, t.admin.token);
    const id = connection.whatsapp.id;
    connection.open.close(DisconnectReason.loggedOut);
    await sessionReaches(s, id, "DISCONNECTED");
    expect(await storedKeys(s, id)).toEqual([]);

    const count = s.whatsappWeb.socketsOf(id).length;
    await session(t.admin.token, "POST", id);
    expect((await connection.nextSocket(count)).creds.me).toBeUndefined();
  });

  it("a corrupt stored session leaves that connection DISCONNECTED and every other one running", async () => {
    const t = await buildTenant(s);
    const broken = await connectedWebConnection(s, t.admin.token, "5511900000001");
    const healthy = await connectedWebConnection(s, t.admin.token, "5511900000002");
    await s.ctx.channels.stop(broken.whatsapp.id);
    await s.ctx.db
      .update(baileysKeys)
      .set({ value: "{not json" })
      .where(and(eq(baileysKeys.whatsappId, broken.whatsapp.id), eq(baileysKeys.key, "creds")));

    expect((await session(t.admin.token, "POST", broken.whatsapp.id)).statusCode).toBe(200);
    await sessionReaches(s, broken.whatsapp.id, "DISCONNECTED");
    expect((await read(t.admin.token, healthy.whatsapp.id)).status).toBe("CONNECTED");
    expect(s.ctx.channels.driverFor(healthy.whatsapp.id)).toBeDefined();

    // "New QR" is the way out: it starts from fresh keys.
    await session(t.admin.token, "PUT", broken.whatsapp.id);
    await sessionReaches(s, broken.whatsapp.id, "OPENING");
  });

  it("a crash creating one session's socket fails that session alone", async () => {
    const t = await buildTenant(s);
    const healthy = await connectedWebConnection(s, t.admin.token, "5511900000003");
    s.whatsappWeb.failNextSocket = true;
    const res = await s.request({
      method: "POST",
      path: "/whatsapp",
      token: t.admin.token,
      body: { name: "Frágil", provider: "beta", isDefault: false, queueIds: [] },
    });
    await sessionReaches(s, res.json<WhatsappDto>().id, "DISCONNECTED");
    expect((await read(t.admin.token, healthy.whatsapp.id)).status).toBe("CONNECTED");
  });
});
