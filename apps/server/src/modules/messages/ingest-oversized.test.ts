/**
 * A customer's media past the size limit (issue 10 item 5), through both
 * drivers: refused by the size the provider declares before any download
 * (Graph's file_size, WhatsApp Web's fileLength), and cut off at the limit
 * when the bytes that come are more than declared. The message is never
 * lost: it is stored with its caption (or file name) and no file, and the
 * agent's message list shows it so (mediaUrl null; the web app says the file
 * did not arrive).
 */
import { Readable } from "node:stream";
import { mediaLimits, type MessageDto } from "@balcao/contracts";
import type { WAMessage } from "@whiskeysockets/baileys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../db/schema/index.js";
import { content, pnJid, waMessage } from "../../../test/baileys-messages.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { incomingFiles } from "../../../test/uploads.js";
import { connectedWebConnection } from "../../../test/whatsapp-web.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterAll(() => stopCloudServer(s, fake));

const MB = 1024 * 1024;
const pdf = Buffer.from("%PDF-1.4\n% a big document\n");
const customer = () => `55219${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** The stored message of a provider id, once ingest committed it. */
const storedWid = (wid: string) =>
  vi.waitFor(
    async () => {
      const [row] = await s.ctx.db.select().from(messages).where(eq(messages.wid, wid));
      if (!row) throw new Error(`message ${wid} not stored yet`);
      return row;
    },
    { timeout: 15_000, interval: 50 },
  );

/** fetch-inbound-media jobs queued for a message (a file pending after a failed download). */
async function queuedFetches(messageId: number): Promise<number> {
  const { rows } = await s.ctx.database.raw.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = 'fetch-inbound-media' and data->>'messageId' = $1`,
    [String(messageId)],
  );
  return rows[0]!.n;
}

/** The message as the agent's message list shows it. */
async function seenByAgent(token: string, ticketId: number, id: number): Promise<MessageDto | undefined> {
  const res = await s.request({ path: `/messages/${ticketId}`, token });
  return res.json<{ messages: MessageDto[] }>().messages.find((m) => m.id === id);
}

/** WhatsApp's media server for a message: `size` bytes made as they are read, counting what was taken. */
function mediaServer(size: number) {
  const taken = { bytes: 0 };
  const zeros = Buffer.alloc(64 * 1024);
  const stream = () =>
    new Readable({
      read() {
        if (taken.bytes >= size) return void this.push(null);
        const chunk = taken.bytes === 0 ? pdf : zeros;
        taken.bytes += chunk.length;
        this.push(chunk);
      },
    });
  return { taken, stream };
}

describe("Cloud API media past the limit", () => {
  it("is refused by Graph's declared file_size without downloading it, nor later; the message keeps its caption", async () => {
    const t = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, t.company.id);
    const downloadsBefore = fake.downloads.length;
    const delivery = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: customer(),
      document: { data: pdf, filename: "catalogo.pdf", caption: "o catálogo", declaredSize: 150 * MB },
    });
    expect(delivery.status, delivery.body).toBe(200);
    const row = await storedWid(delivery.wid!);
    expect(row).toMatchObject({ mediaType: "application", body: "o catálogo", mediaPath: null });
    expect(fake.downloads.length).toBe(downloadsBefore);
    // Not pending like a failed download: it would never fit, so no job fetches it again.
    expect(await queuedFetches(row.id)).toBe(0);
    expect(await seenByAgent(t.admin.token, row.ticketId, row.id)).toMatchObject({
      body: "o catálogo",
      mediaType: "application",
      mediaUrl: null,
    });
  });

  it("is cut off at the limit when Graph serves more than it declared; the message is kept without the file", async () => {
    const t = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, t.company.id);
    const served = 150 * MB;
    const delivery = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: customer(),
      document: { data: pdf, filename: "mentira.pdf", declaredSize: 1000, servedSize: served },
    });
    expect(delivery.status, delivery.body).toBe(200);
    const row = await storedWid(delivery.wid!);
    expect(row).toMatchObject({ mediaType: "application", body: "mentira.pdf", mediaPath: null });
    const download = fake.downloads.at(-1)!;
    expect(download.bytesSent).toBeGreaterThan(mediaLimits.fileMaxBytes);
    expect(download.bytesSent).toBeLessThan(served);
    expect(await queuedFetches(row.id)).toBe(0);
    expect(await incomingFiles(s)).toEqual([]);
  });
});

describe("WhatsApp Web media past the limit", () => {
  async function sendDocument(declared: number) {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const message: WAMessage = waMessage(
      { chat: pnJid(customer()), pushName: "Rui" },
      content.document("planilha.pdf", "a planilha"),
    );
    message.message!.documentMessage!.fileLength = declared;
    return { t, open, message };
  }

  it("is refused by the message's declared fileLength without downloading it", async () => {
    const { t, open, message } = await sendDocument(150 * MB);
    open.messages([message]);
    const row = await storedWid(message.key.id!);
    expect(row).toMatchObject({ mediaType: "application", body: "a planilha", mediaPath: null });
    expect(s.whatsappWeb.downloads).not.toContain(message.key.id);
    expect(await seenByAgent(t.admin.token, row.ticketId, row.id)).toMatchObject({ mediaUrl: null });
  });

  it("is cut off at the limit when the media server sends more than declared", async () => {
    const { open, message } = await sendDocument(2000);
    const server = mediaServer(150 * MB);
    s.whatsappWeb.mediaBytes.set(message.key.id!, server.stream);
    open.messages([message]);
    const row = await storedWid(message.key.id!);
    expect(row).toMatchObject({ mediaType: "application", body: "a planilha", mediaPath: null });
    expect(server.taken.bytes).toBeGreaterThan(mediaLimits.fileMaxBytes);
    expect(server.taken.bytes).toBeLessThan(mediaLimits.fileMaxBytes + 16 * MB);
    expect(await incomingFiles(s)).toEqual([]);
  });
});
