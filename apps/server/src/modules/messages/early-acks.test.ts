/**
 * Status reports that come before their message's provider id is stored
 * (apply-ack.ts): the Cloud API posting "sent"/"delivered" while our send
 * still waits for its answer, WhatsApp Web reporting a receipt of a message
 * sent from the phone before the message itself. The agent ends with the
 * right ack either way, on whichever server process the report reached.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { channels, type MessageDto } from "@balcao/contracts";
import { proto } from "@whiskeysockets/baileys";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, pendingAcks } from "../../db/schema/index.js";
import { createServer } from "../../server.js";
import { content, pnJid, statusUpdate, waMessage } from "../../../test/baileys-messages.js";
import { cloudServerPerFile, webhookUrl } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { FakeWhatsAppWeb } from "../../../test/fake-baileys.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { testConfig, type TestServer } from "../../../test/harness.js";
import { openChat, sentTo, storedMessages, type Chat } from "../../../test/messages.js";
import { connectSocket, flush, joinRoom, record, until } from "../../../test/sockets.js";
import { connectedWebConnection } from "../../../test/whatsapp-web.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const sendText = (c: Chat, body: string) =>
  s.request({ method: "POST", path: `/messages/${c.ticket.id}`, token: c.token, body: { body } });

const pendingOf = (wid: string) => s.ctx.db.select().from(pendingAcks).where(eq(pendingAcks.wid, wid));

describe("a Cloud API status posted before the send is answered", () => {
  it("is applied when the send's answer is stored: the agent sees delivered", async () => {
    const c = await openChat(s, fake);
    const socket = await connectSocket(s, c.token);
    await joinRoom(socket, "joinChatBox", c.ticket.id);
    const live = record<{ action: string; message: MessageDto }>(socket, channels.appMessage(c.companyId));
    fake.statusesBeforeNextAnswer(["sent", "delivered"]);

    const res = await sendText(c, "Seu pedido saiu para entrega");
    expect(res.statusCode, res.body).toBe(200);
    const wid = sentTo(fake, c).at(-1)!.id;
    expect(res.json()).toMatchObject({ wid, ack: 3, sendError: null });
    expect((await storedMessages(s, c.ticket.id)).at(-1)).toMatchObject({ wid, ack: 3 });
    expect(await pendingOf(wid)).toEqual([]);
    await flush(s, socket);
    expect(live.at(-1)!.message).toMatchObject({ wid, ack: 3 });

    // Later reports go on raising the same message.
    await fake.status({ wid, status: "read" });
    await until(async () => (await storedMessages(s, c.ticket.id)).at(-1)?.ack === 4);
  });

  it("a failure reported first leaves the message failed with Meta's reason", async () => {
    const c = await openChat(s, fake);
    fake.statusesBeforeNextAnswer(["failed"]);
    const res = await sendText(c, "Olá");
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await storedMessages(s, c.ticket.id)).at(-1)!;
    expect(stored).toMatchObject({ wid: sentTo(fake, c).at(-1)!.id, sendError: "Message undeliverable (#131026)" });
  });

  it("keeps the highest ack and the error while it waits, and forgets it after a day", async () => {
    const c = await openChat(s, fake);
    for (const status of ["read", "delivered", "failed", "sent"] as const)
      expect((await fake.status({ wid: "wamid.EARLY1", status, phoneNumberId: c.wa.cloudPhoneNumberId })).status).toBe(
        200,
      );
    expect(await pendingOf("wamid.EARLY1")).toEqual([
      expect.objectContaining({ whatsappId: c.wa.id, ack: 4, error: "Message undeliverable (#131026)" }),
    ]);

    await s.ctx.db
      .update(pendingAcks)
      .set({ receivedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(pendingAcks.wid, "wamid.EARLY1"));
    await fake.status({ wid: "wamid.EARLY2", status: "sent", phoneNumberId: c.wa.cloudPhoneNumberId });
    expect(await pendingOf("wamid.EARLY1")).toEqual([]);
    expect(await pendingOf("wamid.EARLY2")).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a status that reaches another server process", () => {
  it("is applied by the process that stores the send's answer", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "balcao-test-"));
    const env = { DATABASE_URL: s.ctx.database.url, WHATSAPP_GRAPH_URL: fake.url };
    const other = await createServer(testConfig(dataDir, env), undefined, { whatsappWeb: new FakeWhatsAppWeb() });
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const c = await openChat(s, fake);
      // Meta's webhook now points at the other process; the agent sends through this one.
      await fake.subscribe({
        phoneNumberId: c.wa.cloudPhoneNumberId,
        webhookUrl: webhookUrl({ ...s, url: `http://127.0.0.1:${portOf(other)}` }, c.wa.id),
        appSecret: c.wa.cloudAppSecret,
      });
      fake.statusesBeforeNextAnswer(["sent", "delivered", "read"]);
      const res = await sendText(c, "Chegou?");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ack: 4 });
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const portOf = (server: { app: { server: { address(): unknown } } }) =>
  (server.app.server.address() as { port: number }).port;

describe("a WhatsApp Web receipt of a message sent from the phone, before the message", () => {
  it("is applied when the message is stored", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const chat = pnJid("5511955557777");
    const sentFromPhone = waMessage({ chat, fromMe: true }, content.text("Mandei pelo celular"));
    const wid = sentFromPhone.key.id!;
    open.emit("messages.update", [statusUpdate(wid, proto.WebMessageInfo.Status.READ, { chat })]);
    await until(async () => (await pendingOf(wid)).length === 1);

    open.messages([sentFromPhone]);
    // The row commits a moment before the kept receipt is claimed: wait for the ingest to finish.
    const readRow = async () => (await s.ctx.db.select().from(messages).where(eq(messages.wid, wid)))[0];
    await until(async () => (await readRow())?.ack === 4);
    const stored = await readRow();
    expect(stored).toMatchObject({ fromMe: true, ack: 4, body: "Mandei pelo celular" });
    expect(await pendingOf(wid)).toEqual([]);
  });
});
