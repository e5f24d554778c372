/**
 * Sending through a WhatsApp Web session another process holds: a second
 * channel manager on the same PostgreSQL database (its own lease connection,
 * as another process would have) sends through the first one's session.
 * Runs only on PostgreSQL (TEST_DATABASE_URL), as CI does.
 */
import { channelHandlers } from "../channel-handlers.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelCalls } from "../db/schema/index.js";
import { buildTenant } from "../../test/factories.js";
import { sampleMedia } from "../../test/fake-graph-payloads.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { connectedWebConnection } from "../../test/whatsapp-web.js";
import { ChannelManager } from "./manager.js";

const customer = { chatNumber: "5511966660000", isGroup: false };

describe.runIf(process.env.TEST_DATABASE_URL)("a session held by another process", () => {
  let s: TestServer;
  let other: ChannelManager;
  let web: Awaited<ReturnType<typeof connectedWebConnection>>;
  let socketsBefore: number;

  beforeAll(async () => {
    s = await startTestServer();
    const t = await buildTenant(s);
    web = await connectedWebConnection(s, t.admin.token);
    socketsBefore = s.whatsappWeb.socketsOf(web.whatsapp.id).length;
    other = new ChannelManager({ handlers: channelHandlers, whatsappWeb: s.whatsappWeb });
    await other.startAll(s.ctx);
  });
  afterAll(async () => {
    await other.stopAll();
    await s.close();
  });

  it("does not open the session itself", () => {
    expect(other.runningDriver(web.whatsapp.id)).toBeUndefined();
    expect(s.whatsappWeb.socketsOf(web.whatsapp.id)).toHaveLength(socketsBefore);
  });

  it("sends texts and files through the holder's socket and gets WhatsApp's ids back", async () => {
    const sender = other.driverFor(web.whatsapp.id);
    const text = await sender.sendText({ ...customer, body: "enviado por outro processo" });
    const image = await sender.sendMedia({
      ...customer,
      caption: "foto",
      media: { data: sampleMedia.image.data, mimetype: "image/png", fileName: "foto.png" },
    });

    expect(web.open.sent.map((p) => p.jid)).toEqual([
      `${customer.chatNumber}@s.whatsapp.net`,
      `${customer.chatNumber}@s.whatsapp.net`,
    ]);
    expect(web.open.sent[0]!.content).toEqual({ text: "enviado por outro processo" });
    expect(web.open.sent[1]!.content).toMatchObject({ image: sampleMedia.image.data, caption: "foto" });
    expect([text.wid, image.wid]).toEqual([expect.stringMatching(/^3EB0FAKE/), expect.stringMatching(/^3EB0FAKE/)]);
    expect(await s.ctx.db.select().from(channelCalls)).toEqual([]);
  });

  it("asks WhatsApp about numbers through the holder", async () => {
    web.open.registered.set("5511966661111", true);
    const sender = other.driverFor(web.whatsapp.id);
    expect(await sender.checkNumber("+55 11 96666-1111")).toBe("5511966661111");
    expect(await sender.checkNumber("5511966662222")).toBeNull();
  });

  it("passes the holder's refusals on with their codes", async () => {
    web.open.failSends = true;
    await expect(other.driverFor(web.whatsapp.id).sendText({ ...customer, body: "x" })).rejects.toMatchObject({
      code: "ERR_SENDING_WAPP_MSG",
    });
    web.open.failSends = false;

    await s.ctx.channels.disconnectSession(web.whatsapp.id);
    await expect(other.driverFor(web.whatsapp.id).sendText({ ...customer, body: "x" })).rejects.toMatchObject({
      code: "ERR_WAPP_NOT_INITIALIZED",
    });
    expect(await s.ctx.db.select().from(channelCalls)).toEqual([]);
  });
});
