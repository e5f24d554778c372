/**
 * The Cloud API keeps receiving when the Graph API blinks (issue 10, item 7):
 * the app secret vouches for a delivery whatever the Graph API answers, the
 * start-up check retries by itself with backoff (TIMEOUT meanwhile), media
 * that could not be downloaded follows once the Graph API is back, and
 * credentials the Graph API refuses stay DISCONNECTED without retries.
 */
import { channels, type MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { whatsapps } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, record, until } from "../../../test/sockets.js";
import { CloudDriver } from "./cloud-driver.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const customer = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const rowOf = async (id: number) => (await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
const statusOf = async (id: number) => (await rowOf(id)).status;

async function ticketMessages(token: string, ticketId: number) {
  const res = await s.request({ path: `/messages/${ticketId}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<{ messages: MessageDto[] }>().messages;
}

/** The file of a stored message once the fetch-inbound-media job brought it, as the agent downloads it. */
async function fileOnceFetched(token: string, ticketId: number, wid: string): Promise<Buffer> {
  let mediaUrl: string | null = null;
  await until(async () => {
    mediaUrl = (await ticketMessages(token, ticketId)).find((m) => m.wid === wid)!.mediaUrl;
    return mediaUrl !== null;
  }, 15_000);
  const file = await fetch(`${s.url}${mediaUrl!}`, { headers: { authorization: `Bearer ${token}` } });
  return Buffer.from(await file.arrayBuffer());
}

describe("the Graph API down at start", () => {
  it("stores signed deliveries, connects by itself when the Graph API is back, and fetches the media then", async () => {
    const t = await buildTenant(s);
    fake.outage(true);
    try {
      const connection = await buildCloudConnection(s, fake, t.company.id);
      const phoneNumberId = connection.cloudPhoneNumberId;
      expect(await rowOf(connection.id)).toMatchObject({ status: "TIMEOUT", retries: 1 });

      const from = customer();
      const text = await fake.customerMessage({ phoneNumberId, from, name: "Ana", text: "Alguém aí?" });
      const image = await fake.customerMessage({ phoneNumberId, from, image: { caption: "o comprovante" } });
      expect([text.status, image.status]).toEqual([200, 200]);

      const ticketId = (await s.ctx.db.query.messages.findFirst({ where: (m, { eq }) => eq(m.wid, text.wid!) }))!
        .ticketId;
      const stored = await ticketMessages(t.admin.token, ticketId);
      expect(stored.map((m) => [m.body, m.mediaType, m.mediaUrl])).toEqual([
        ["Alguém aí?", "chat", null],
        ["o comprovante", "image", null],
      ]);

      const socket = await connectSocket(s, t.admin.token);
      socket.emit("joinChatBox", String(ticketId));
      const updates = record<{ action: string; message: MessageDto }>(socket, channels.appMessage(t.company.id));
      // Still down: the start-up check keeps retrying, the count of failed looks shown.
      await until(async () => (await rowOf(connection.id)).retries >= 2, 5000);
      expect(await statusOf(connection.id)).toBe("TIMEOUT");

      fake.outage(false);
      await until(async () => (await statusOf(connection.id)) === "CONNECTED", 10_000);
      expect(s.ctx.channels.runningDriver(connection.id)).toBeInstanceOf(CloudDriver);

      const file = await fileOnceFetched(t.admin.token, ticketId, image.wid!);
      expect(file.equals(sampleMedia.image.data)).toBe(true);
      await until(() =>
        updates.some((u) => u.action === "update" && u.message.wid === image.wid && u.message.mediaUrl),
      );
    } finally {
      fake.outage(false);
    }
  }, 40_000);

  it("stops retrying once the connection is disconnected", async () => {
    const t = await buildTenant(s);
    fake.outage(true);
    try {
      const connection = await buildCloudConnection(s, fake, t.company.id);
      expect(await statusOf(connection.id)).toBe("TIMEOUT");
      const res = await s.request({
        method: "DELETE",
        path: `/whatsappsession/${connection.id}`,
        token: t.admin.token,
      });
      expect(res.statusCode).toBe(200);
      fake.outage(false);
      // A retry would have come after 1 s, 2 s: nobody reconnects what a person disconnected.
      await new Promise((r) => setTimeout(r, 3500));
      expect(await statusOf(connection.id)).toBe("DISCONNECTED");
    } finally {
      fake.outage(false);
    }
  });
});

// The file is described by the Graph API, then streamed into storage: a download that fails there is pending too.
it("a file whose download fails after the Graph API described it is stored later, the message at once", async () => {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id);
  fake.failNextDownload();
  const image = await fake.customerMessage({
    phoneNumberId: connection.cloudPhoneNumberId,
    from: customer(),
    image: { caption: "a nota fiscal" },
  });
  expect(image.status).toBe(200);
  const row = (await s.ctx.db.query.messages.findFirst({ where: (m, { eq }) => eq(m.wid, image.wid!) }))!;
  expect(row).toMatchObject({ body: "a nota fiscal", mediaType: "image", mediaPath: null });

  const file = await fileOnceFetched(t.admin.token, row.ticketId, image.wid!);
  expect(file.equals(sampleMedia.image.data)).toBe(true);
});

describe("credentials the Graph API refuses", () => {
  it("stay DISCONNECTED without retries, while signed deliveries are still stored", async () => {
    const t = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, t.company.id, { cloudAccessToken: "revoked-token" });
    // The fake knows the number with another token: Graph's 190 "Invalid OAuth access token".
    fake.addNumber({ phoneNumberId: connection.cloudPhoneNumberId, accessToken: "the-real-token" });
    await s.ctx.channels.refresh(connection.id);
    expect(await statusOf(connection.id)).toBe("DISCONNECTED");

    const said = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: customer(),
      text: "ainda chega",
    });
    expect(said.status).toBe(200);
    const row = await s.ctx.db.query.messages.findFirst({ where: (m, { eq }) => eq(m.wid, said.wid!) });
    expect(row).toMatchObject({ body: "ainda chega", whatsappId: connection.id });

    // Were the refusal retried, the token the fake now takes would connect it.
    fake.addNumber({ phoneNumberId: connection.cloudPhoneNumberId, accessToken: "revoked-token" });
    await new Promise((r) => setTimeout(r, 2500));
    expect(await statusOf(connection.id)).toBe("DISCONNECTED");
  });
});
