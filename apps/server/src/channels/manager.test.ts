/**
 * ctx.channels: which connections run, what the connections page is told,
 * and ERR_WAPP_NOT_INITIALIZED for one that does not.
 */
import { channelHandlers } from "../channel-handlers.js";
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { whatsapps } from "../db/schema/index.js";
import { encryptSecret } from "../secrets/index.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../test/cloud-connection.js";
import { buildTenant, login } from "../../test/factories.js";
import { type FakeGraph } from "../../test/fake-graph.js";
import { ADMIN, type TestServer } from "../../test/harness.js";
import { closeAllSockets, connectSocket, flush, record } from "../../test/sockets.js";
import { BaileysDriver } from "./baileys/baileys-driver.js";
import { CloudDriver } from "./cloud/cloud-driver.js";
import { ChannelManager } from "./manager.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterEach(() => closeAllSockets());
afterAll(() => stopCloudServer(s, fake));

const rowOf = async (id: number) => (await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
const notInitialized = { code: "ERR_WAPP_NOT_INITIALIZED" };

describe("ChannelManager", () => {
  it("marks a cloud connection CONNECTED with its number once the Graph API knows it, and tells the page", async () => {
    const { company, admin } = await buildTenant(s);
    const socket = await connectSocket(s, admin.token);
    const sessions = record<{ action: string; session: { id: number; status: string } }>(
      socket,
      channels.whatsappSession(company.id),
    );
    const updates = record<{ action: string; whatsapp: { id: number; status: string; number: string } }>(
      socket,
      channels.whatsapp(company.id),
    );
    fake.addNumber({ phoneNumberId: "880001", accessToken: "good-token", displayPhoneNumber: "+55 11 4000-1234" });
    const connection = await buildCloudConnection(s, fake, company.id, {
      cloudPhoneNumberId: "880001",
      cloudAccessToken: "good-token",
    });
    await flush(s, socket);

    expect(await rowOf(connection.id)).toMatchObject({ status: "CONNECTED", number: "551140001234" });
    expect(s.ctx.channels.driverFor(connection.id)).toBeInstanceOf(CloudDriver);
    expect(sessions.at(-1)).toMatchObject({ action: "update", session: { id: connection.id, status: "CONNECTED" } });
    expect(updates.at(-1)).toMatchObject({
      action: "update",
      whatsapp: { id: connection.id, status: "CONNECTED", number: "551140001234" },
    });
  });

  it("leaves a connection DISCONNECTED and not started when the Graph API refuses its token", async () => {
    const { company } = await buildTenant(s);
    fake.addNumber({ phoneNumberId: "880002", accessToken: "the-real-token" });
    const connection = await buildCloudConnection(s, fake, company.id, {
      cloudPhoneNumberId: "880002",
      cloudAccessToken: "a-wrong-token",
      status: "CONNECTED",
    });
    fake.addNumber({ phoneNumberId: "880002", accessToken: "the-real-token" });
    await s.ctx.channels.refresh(connection.id);
    expect((await rowOf(connection.id)).status).toBe("DISCONNECTED");
    expect(() => s.ctx.channels.driverFor(connection.id)).toThrow(expect.objectContaining(notInitialized));

    // Fixed credentials and "try again" (refresh) start it.
    await s.ctx.db
      .update(whatsapps)
      .set({ cloudAccessToken: encryptSecret("the-real-token") })
      .where(eq(whatsapps.id, connection.id));
    await s.ctx.channels.refresh(connection.id);
    expect((await rowOf(connection.id)).status).toBe("CONNECTED");
  });

  it("does not start a cloud connection missing any of its four credentials", async () => {
    const { company } = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, company.id, { cloudAppSecret: "", status: "CONNECTED" });
    expect((await rowOf(connection.id)).status).toBe("DISCONNECTED");
    expect(() => s.ctx.channels.driverFor(connection.id)).toThrow(expect.objectContaining(notInitialized));
  });

  it("throws ERR_WAPP_NOT_INITIALIZED for an unknown connection, a stopped one and a deleted one", async () => {
    const { company } = await buildTenant(s);
    expect(() => s.ctx.channels.driverFor(987_654)).toThrow(expect.objectContaining(notInitialized));
    const stopped = await buildCloudConnection(s, fake, company.id);
    await s.ctx.channels.stop(stopped.id);
    expect(() => s.ctx.channels.driverFor(stopped.id)).toThrow(expect.objectContaining(notInitialized));
    const deleted = await buildCloudConnection(s, fake, company.id);
    await s.ctx.db.delete(whatsapps).where(eq(whatsapps.id, deleted.id));
    await s.ctx.channels.refresh(deleted.id);
    expect(() => s.ctx.channels.driverFor(deleted.id)).toThrow(expect.objectContaining(notInitialized));
  });

  it("stops a company's connections when the company is deleted", async () => {
    const { company } = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, company.id);
    expect(s.ctx.channels.driverFor(connection.id)).toBeDefined();
    const { token } = await login(s, ADMIN.email, ADMIN.password);
    const res = await s.request({ method: "DELETE", path: `/companies/${company.id}`, token });
    expect(res.statusCode).toBeLessThan(300);
    expect(() => s.ctx.channels.driverFor(connection.id)).toThrow(expect.objectContaining(notInitialized));
  });

  it("starts every connection at boot, each with its provider's driver", async () => {
    const { company } = await buildTenant(s);
    const cloud = await buildCloudConnection(s, fake, company.id);
    const [beta] = await s.ctx.db
      .insert(whatsapps)
      .values({ companyId: company.id, name: "Web", provider: "beta" })
      .returning();
    const boot = new ChannelManager({ handlers: channelHandlers, whatsappWeb: s.whatsappWeb });
    await boot.startAll(s.ctx);
    try {
      expect(boot.driverFor(cloud.id)).toBeInstanceOf(CloudDriver);
      expect(boot.driverFor(beta!.id)).toBeInstanceOf(BaileysDriver);
    } finally {
      await boot.stopAll();
    }
    expect(() => boot.driverFor(cloud.id)).toThrow(expect.objectContaining(notInitialized));
  });
});
