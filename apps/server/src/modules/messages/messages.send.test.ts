/**
 * POST /messages/{ticketId}, POST /messages/{id}/retry, DELETE /messages/{id}
 * through a Cloud API connection: what WhatsApp (the fake Graph API) received,
 * what was stored and what went out live (core-platform §2.10, §2.11, §5, §7.5).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { channels, rooms } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { buildCloudConnection } from "../../../test/cloud-connection.js";
import { buildContact, buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { sampleMedia, startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, inRoom, record, until } from "../../../test/sockets.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => {
  fake = await startFakeGraph();
  s = await startTestServer({ WHATSAPP_GRAPH_URL: fake.url });
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function chat() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queue = await buildQueue(s, companyId);
  const agent = await buildUser(s, { companyId, queueIds: [queue.id] });
  const token = (await login(s, agent.email)).token;
  const wa = await buildCloudConnection(s, fake, companyId);
  const contact = await buildContact(s, companyId);
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: wa.id,
    queueId: queue.id,
    status: "open",
    userId: agent.id,
    unreadMessages: 3,
  });
  return { t, companyId, agent, token, wa, contact, ticket };
}
type Chat = Awaited<ReturnType<typeof chat>>;

const sendText = (c: Chat, body: object, token = c.token) =>
  s.request({ method: "POST", path: `/messages/${c.ticket.id}`, token, body });
const stored = (ticketId: number) =>
  s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
const sentTo = (c: Chat) => fake.sent.filter((x) => x.to === c.contact.number);

async function sendFiles(c: Chat, files: { name: string; type: string; data: Buffer; body?: string }[]) {
  const form = new FormData();
  form.append("fromMe", "true");
  for (const f of files) {
    form.append("medias", new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    form.append("body", f.body ?? f.name);
  }
  const request = new Request("http://local/", { method: "POST", body: form });
  return s.request({
    method: "POST",
    path: `/messages/${c.ticket.id}`,
    token: c.token,
    headers: { "content-type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()),
  });
}

describe("sending text", () => {
  it("stores it as the agent's (ack 1), announces it, sends it, then records WhatsApp's id with ack 2", async () => {
    const c = await chat();
    const socket = await connectSocket(s, c.token);
    socket.emit("joinChatBox", c.ticket.id);
    await inRoom(s, socket, rooms.chatBox(c.companyId, c.ticket.id));
    const live = record<{ action: string; message: { ack: number; body: string } }>(
      socket,
      channels.appMessage(c.companyId),
    );
    const res = await sendText(c, {
      read: 1,
      fromMe: true,
      mediaUrl: "",
      body: "*Ana:*\nOlá! Como posso ajudar?",
      quotedMsg: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = sentTo(c).at(-1)!;
    expect(sent.body).toMatchObject({ type: "text", text: { body: "*Ana:*\nOlá! Como posso ajudar?" } });
    expect(res.json()).toMatchObject({ fromMe: true, userId: c.agent.id, ack: 2, wid: sent.id, sendError: null });
    const ticket = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, c.ticket.id) });
    expect(ticket).toMatchObject({ unreadMessages: 0, lastMessage: "*Ana:*\nOlá! Como posso ajudar?" });
    // WhatsApp's later status reports raise the same row.
    await fake.status({ wid: sent.id, status: "read" });
    await until(async () => (await stored(c.ticket.id))[0]?.ack === 4);
    await flush(s, socket);
    expect(live.map((e) => [e.action, e.message.ack])).toEqual([
      ["create", 1],
      ["update", 2],
      ["update", 4],
    ]);
  });

  it("a reply quotes the message (by object or id) and WhatsApp gets its id as context", async () => {
    const c = await chat();
    const incoming = await buildMessage(s, c.ticket, { wid: "wamid.QUOTED", body: "Qual o prazo?" });
    const byObject = await sendText(c, { body: "Dois dias", quotedMsg: { id: incoming.id, body: "Qual o prazo?" } });
    expect(byObject.json()).toMatchObject({ quotedMsg: { id: incoming.id, body: "Qual o prazo?", fromMe: false } });
    expect(sentTo(c).at(-1)!.body).toMatchObject({
      context: { message_id: "wamid.QUOTED" },
      text: { body: "Dois dias" },
    });
    expect((await sendText(c, { body: "Confirmo", quotedMsg: incoming.id })).json().quotedMsg.id).toBe(incoming.id);
    const other = await chat();
    const foreign = await sendText(c, { body: "x", quotedMsg: (await buildMessage(s, other.ticket)).id });
    expect(foreign.statusCode).toBe(400);
  });

  it("refuses empty or blank text and a ticket that is not open; nothing is stored or sent", async () => {
    const c = await chat();
    for (const body of ["", "   ", "\n\t"]) {
      const res = await sendText(c, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    await s.ctx.db.update(tickets).set({ status: "pending" }).where(eq(tickets.id, c.ticket.id));
    const closed = await sendText(c, { body: "Olá" });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ error: "ERR_NO_PERMISSION", details: { reason: "ticketNotOpen" } });
    expect(await stored(c.ticket.id)).toEqual([]);
    expect(sentTo(c)).toEqual([]);
  });

  it("never sends on another company's ticket", async () => {
    const c = await chat();
    const o = await buildTenant(s);
    const res = await s.request({
      method: "POST",
      path: `/messages/${c.ticket.id}`,
      token: o.admin.token,
      body: { body: "intruder" },
    });
    expect(res.statusCode).toBe(404);
    expect(await stored(c.ticket.id)).toEqual([]);
  });
});

describe("provider failure and retry", () => {
  it("a refused send stays as failed (sendError, ack 1), answers ERR_SENDING_WAPP_MSG, and retry sends it", async () => {
    const c = await chat();
    fake.failNextSend({ message: "(#131047) Re-engagement message" });
    const res = await sendText(c, { body: "Ainda está aí?" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_SENDING_WAPP_MSG" });
    const [failed] = await stored(c.ticket.id);
    expect(failed).toMatchObject({
      body: "Ainda está aí?",
      ack: 1,
      wid: null,
      sendError: expect.stringContaining("131047"),
    });
    const shown = await s.request({ path: `/messages/${c.ticket.id}`, token: c.token });
    expect(shown.json().messages[0].sendError).toContain("131047");

    const retry = await s.request({ method: "POST", path: `/messages/${failed!.id}/retry`, token: c.token });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ id: failed!.id, ack: 2, sendError: null, wid: sentTo(c).at(-1)!.id });
    const again = await s.request({ method: "POST", path: `/messages/${failed!.id}/retry`, token: c.token });
    expect(again.statusCode).toBe(400);
    const o = await buildTenant(s);
    const foreign = await s.request({ method: "POST", path: `/messages/${failed!.id}/retry`, token: o.admin.token });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("sending files", () => {
  it("sends an image with its caption, a document by its name, both stored in the company's media", async () => {
    const c = await chat();
    const res = await sendFiles(c, [
      { name: "foto.png", type: "image/png", data: sampleMedia.image.data, body: "Segue a foto" },
      { name: "pedido.pdf", type: "application/pdf", data: sampleMedia.document.data },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [photo, doc] = res.json<{ mediaType: string; mediaUrl: string; body: string; ack: number }[]>();
    expect(photo).toMatchObject({ mediaType: "image", body: "Segue a foto", ack: 2 });
    expect(doc).toMatchObject({ mediaType: "application", body: "pedido.pdf", ack: 2 });
    const [imageSent, docSent] = sentTo(c).slice(-2);
    expect(imageSent!.body).toMatchObject({ type: "image", image: { caption: "Segue a foto" } });
    expect(docSent!.body).toMatchObject({ type: "document", document: { filename: "pedido.pdf" } });
    expect((docSent!.body.document as { caption?: string }).caption).toBeUndefined();
    expect(fake.uploads.slice(-2).map((u) => u.mimetype)).toEqual(["image/png", "application/pdf"]);
    const file = await s.request({ path: photo!.mediaUrl.replace(/^\/api/, ""), token: c.t.admin.token });
    expect(file.rawPayload.equals(sampleMedia.image.data)).toBe(true);
    const o = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { path: photo!.mediaUrl.replace(/^\/api/, "") },
      ownerToken: c.token,
      otherToken: o.admin.token,
    });
  });

  it("converts a recorded audio to an OGG/Opus voice note", async () => {
    const c = await chat();
    const recording = spawnSync(
      ffmpeg.path,
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=1",
        "-c:a",
        "libopus",
        "-f",
        "webm",
        "pipe:1",
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    expect(recording.status).toBe(0);
    const name = `audio-record-site-${Date.now()}.mp3`;
    const res = await sendFiles(c, [{ name, type: "audio/webm", data: recording.stdout }]);
    expect(res.statusCode, res.body).toBe(200);
    const [voice] = res.json<{ mediaType: string; mediaUrl: string; body: string }[]>();
    expect(voice).toMatchObject({ mediaType: "audio", body: name });
    expect(voice!.mediaUrl).toMatch(/\.ogg$/);
    const upload = fake.uploads.at(-1)!;
    expect(upload.mimetype).toBe("audio/ogg");
    expect(upload.data.subarray(0, 4).toString("latin1")).toBe("OggS");
    expect(upload.data.includes(Buffer.from("OpusHead"))).toBe(true);
    expect(sentTo(c).at(-1)!.body).toMatchObject({ type: "audio" });
  });

  it("refuses unknown kinds, executables, disguised files and oversized ones; nothing of the request is kept or sent", async () => {
    const c = await chat();
    const bigImage = Buffer.concat([sampleMedia.image.data, Buffer.alloc(5 * 1024 * 1024)]);
    const cases = [
      {
        files: [{ name: "setup.exe", type: "application/octet-stream", data: Buffer.from("MZ\x90\0program") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "nota.pdf", type: "application/pdf", data: Buffer.from("MZ\x90\0program") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "foto.png", type: "image/png", data: Buffer.from("not a png at all") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "audio-record-site-1.mp3", type: "audio/webm", data: Buffer.from("no audio here") }],
        error: "ERR_INVALID_FILE",
      },
      { files: [{ name: "grande.png", type: "image/png", data: bigImage }], error: "ERR_FILE_TOO_LARGE" },
      {
        files: [
          { name: "ok.png", type: "image/png", data: sampleMedia.image.data },
          { name: "script.sh", type: "text/x-sh", data: Buffer.from("#!/bin/sh\nrm -rf /") },
        ],
        error: "ERR_INVALID_FILE",
      },
    ];
    const uploadsBefore = fake.uploads.length;
    for (const { files, error } of cases) {
      const res = await sendFiles(c, files);
      expect(res.json().error, files[0]!.name).toBe(error);
    }
    expect(await stored(c.ticket.id)).toEqual([]);
    expect(existsSync(path.join(s.ctx.media.root, String(c.companyId)))).toBe(false);
    expect(fake.uploads.length).toBe(uploadsBefore);
  });
});

describe("deleting a message", () => {
  it("only its author may; a failed message goes at once; WhatsApp's refusal answers ERR_DELETE_WAPP_MSG and changes nothing", async () => {
    const c = await chat();
    const mine = (await sendText(c, { body: "Mensagem errada" })).json();
    const colleague = await buildUser(s, { companyId: c.companyId, profile: "admin" });
    const colleagueToken = (await login(s, colleague.email)).token;
    const notYours = await s.request({ method: "DELETE", path: `/messages/${mine.id}`, token: colleagueToken });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const incoming = await buildMessage(s, c.ticket, { wid: "wamid.IN" });
    expect((await s.request({ method: "DELETE", path: `/messages/${incoming.id}`, token: c.token })).statusCode).toBe(
      403,
    );

    // The Cloud API cannot delete for everyone: the driver refuses.
    const refused = await s.request({ method: "DELETE", path: `/messages/${mine.id}`, token: c.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "ERR_DELETE_WAPP_MSG" });
    expect((await s.ctx.db.query.messages.findFirst({ where: eq(messages.id, mine.id) }))!.isDeleted).toBe(false);

    fake.failNextSend();
    await sendText(c, { body: "Nunca chegou" });
    const failed = (await stored(c.ticket.id)).at(-1)!;
    const socket = await connectSocket(s, c.token);
    socket.emit("joinChatBox", c.ticket.id);
    await inRoom(s, socket, rooms.chatBox(c.companyId, c.ticket.id));
    const live = record<{ action: string; message: { id: number; isDeleted: boolean } }>(
      socket,
      channels.appMessage(c.companyId),
    );
    const gone = await s.request({ method: "DELETE", path: `/messages/${failed.id}`, token: c.token });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id: failed.id, isDeleted: true });
    await flush(s, socket);
    expect(live).toEqual([
      {
        action: "update",
        message: expect.objectContaining({ id: failed.id, isDeleted: true }),
        ticket: expect.anything(),
        contact: expect.anything(),
      },
    ]);
    const o = await buildTenant(s);
    expect((await s.request({ method: "DELETE", path: `/messages/${mine.id}`, token: o.admin.token })).statusCode).toBe(
      404,
    );
  });
});
