/**
 * POST {host}/api/messages/send (business-areas §2.18, §7; SERVER-BEHAVIOUR
 * "External messages API") through a Cloud API connection: called as the
 * spec's client calls it (/api/api/messages/send), with what WhatsApp (the
 * fake Graph API) received and what was stored.
 */
import { randomBytes } from "node:crypto";
import { channels, externalApiRateLimit, rooms } from "@balcao/contracts";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact } from "../../../test/conversations.js";
import { buildCompany, buildPlan, buildTenant } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, flush, inRoom, record } from "../../../test/sockets.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const newToken = () => randomBytes(24).toString("hex");
/** A fresh customer number (Brazil, mobile). */
const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function apiConnection(companyId?: number) {
  const company = companyId ?? (await buildCompany(s)).id;
  const token = newToken();
  const connection = await buildCloudConnection(s, fake, company, { token });
  return { companyId: company, connection, token };
}

/** The path the spec's client calls: {host} = /api, then /api/messages/send. */
const SPEC_PATH = "/api/messages/send";

const sendJson = (token: string | undefined, body: unknown, path = SPEC_PATH) =>
  s.request({ method: "POST", path, token, body });

async function sendForm(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("medias", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request("http://local/", { method: "POST", body: form });
  return s.request({
    method: "POST",
    path: SPEC_PATH,
    token,
    headers: { "content-type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()),
  });
}

const sentTo = (number: string) => fake.sent.filter((x) => x.to === number);
const contactsOf = (companyId: number) => s.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId));
const ticketsOf = (companyId: number) => s.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const messagesOf = (ticketId: number) =>
  s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

interface Result {
  status: string;
  messageId: number;
  ticketId: number;
}

describe("sending a text", () => {
  it("makes the contact and a pending ticket, stores and sends the message, and answers SUCCESS with the ids", async () => {
    const { companyId, connection, token } = await apiConnection();
    const number = newNumber();

    const res = await sendJson(token, {
      number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`,
      body: "Seu pedido saiu para entrega",
    });

    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<Result>();
    expect(result).toEqual({ status: "SUCCESS", messageId: expect.any(Number), ticketId: expect.any(Number) });
    expect(sentTo(number).map((x) => x.body)).toMatchObject([
      { type: "text", text: { body: "Seu pedido saiu para entrega" } },
    ]);
    expect(await contactsOf(companyId)).toMatchObject([{ number, name: number, whatsappId: connection.id }]);
    expect(await ticketsOf(companyId)).toMatchObject([
      {
        id: result.ticketId,
        status: "pending",
        whatsappId: connection.id,
        userId: null,
        lastMessage: "Seu pedido saiu para entrega",
      },
    ]);
    expect(await messagesOf(result.ticketId)).toMatchObject([
      {
        id: result.messageId,
        fromMe: true,
        userId: null,
        ack: 2,
        wid: sentTo(number)[0]!.id,
        body: "Seu pedido saiu para entrega",
      },
    ]);
  });

  it("reuses the contact's active ticket, also when called at /api/messages/send", async () => {
    const { companyId, token } = await apiConnection();
    const number = newNumber();
    const first = (await sendJson(token, { number, body: "Um" })).json<Result>();
    const second = await sendJson(token, { number, body: "Dois" }, "/messages/send");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Result>().ticketId).toBe(first.ticketId);
    expect(await ticketsOf(companyId)).toHaveLength(1);
    expect((await messagesOf(first.ticketId)).map((m) => m.body)).toEqual(["Um", "Dois"]);
  });

  it("makes one contact and one ticket when sends for a new number race", async () => {
    const { companyId, token } = await apiConnection();
    const number = newNumber();
    const results = await Promise.all([1, 2, 3, 4].map((i) => sendJson(token, { number, body: `Msg ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json<Result>().ticketId)).size).toBe(1);
    expect(await contactsOf(companyId)).toHaveLength(1);
    expect(await ticketsOf(companyId)).toHaveLength(1);
  });

  it("goes on the existing contact (its name kept) and a new ticket after the last one was closed", async () => {
    const { companyId, connection, token } = await apiConnection();
    const contact = await buildContact(s, companyId, { name: "Maria Silva" });
    const closed = await s.ctx.db
      .insert(tickets)
      .values({ companyId, contactId: contact.id, whatsappId: connection.id, status: "closed" })
      .returning();
    const res = (await sendJson(token, { number: contact.number, body: "Olá de novo" })).json<Result>();
    expect(res.ticketId).not.toBe(closed[0]!.id);
    expect(await contactsOf(companyId)).toMatchObject([{ id: contact.id, name: "Maria Silva" }]);
    const active = await s.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.contactId, contact.id), ne(tickets.status, "closed")));
    expect(active.map((t) => t.id)).toEqual([res.ticketId]);
  });

  it("announces the new ticket and the message to the pending list like an inbound conversation", async () => {
    const t = await buildTenant(s);
    const { token } = await apiConnection(t.company.id);
    const socket = await connectSocket(s, t.admin.token);
    socket.emit("joinTickets", "pending");
    await inRoom(s, socket, rooms.tickets(t.company.id, "pending"));
    const ticketEvents = record<{ action: string; ticket: { lastMessage: string } }>(
      socket,
      channels.ticket(t.company.id),
    );
    const contactEvents = record<{ action: string }>(socket, channels.contact(t.company.id));
    await sendJson(token, { number: newNumber(), body: "Aviso" });
    await flush(s, socket);
    expect(ticketEvents.map((e) => e.action)).toContain("update");
    expect(ticketEvents.at(-1)!.ticket.lastMessage).toBe("Aviso");
    expect(contactEvents.map((e) => e.action)).toEqual(["create"]);
  });

  it("stores WhatsApp's form of the number on the contact", async () => {
    const { companyId, connection, token } = await apiConnection();
    vi.spyOn(s.ctx.channels.runningDriver(connection.id)!, "checkNumber").mockResolvedValue("551187654321");
    const res = await sendJson(token, { number: "5511987654321", body: "Oi" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await contactsOf(companyId)).toMatchObject([{ number: "551187654321" }]);
    expect(sentTo("551187654321")).toHaveLength(1);
  });
});

describe("sending a file", () => {
  it("sends the multipart medias with the number, stored as the ticket's media message", async () => {
    const { token } = await apiConnection();
    const number = newNumber();
    const res = await sendForm(
      token,
      { number, body: "foto.png" },
      {
        name: "foto.png",
        type: "image/png",
        data: sampleMedia.image.data,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<Result>();
    const [stored] = await messagesOf(result.ticketId);
    expect(stored).toMatchObject({ id: result.messageId, mediaType: "image", body: "foto.png", ack: 2 });
    const [sent] = sentTo(number);
    expect(sent!.body).toMatchObject({ type: "image" });
    // The body is the file's name: no caption repeating it.
    expect((sent!.body.image as { caption?: string }).caption).toBeUndefined();
    expect(fake.uploads.at(-1)).toMatchObject({ mimetype: "image/png" });
  });

  it("refuses a file that is not what its name says, before making any contact", async () => {
    const { companyId, token } = await apiConnection();
    const number = newNumber();
    const res = await sendForm(
      token,
      { number, body: "foto.png" },
      {
        name: "foto.png",
        type: "image/png",
        data: Buffer.from("not a png"),
      },
    );
    expect(res.json()).toEqual({ error: "ERR_INVALID_FILE" });
    expect(await contactsOf(companyId)).toEqual([]);
    expect(sentTo(number)).toEqual([]);
  });

  it("sends a multipart form without a file as a text", async () => {
    const { token } = await apiConnection();
    const number = newNumber();
    const res = await sendForm(token, { number, body: "Só texto" });
    expect(res.statusCode, res.body).toBe(200);
    expect(sentTo(number)[0]!.body).toMatchObject({ type: "text", text: { body: "Só texto" } });
  });
});

describe("refusals", () => {
  it("answers 401 without a token, with a wrong one or with the empty token, and sends nothing", async () => {
    const { companyId } = await apiConnection();
    await buildWhatsapp(s, companyId, { token: "" });
    const number = newNumber();
    const body = { number, body: "Oi" };
    const calls = [
      sendJson(undefined, body),
      sendJson(newToken(), body),
      s.request({ method: "POST", path: SPEC_PATH, headers: { authorization: "Bearer " }, body }),
      s.request({ method: "POST", path: SPEC_PATH, headers: { authorization: "Basic abc" }, body }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
    }
    expect(sentTo(number)).toEqual([]);
    expect(await contactsOf(companyId)).toEqual([]);
  });

  it("refuses a file sent with a wrong token before uploading anything", async () => {
    await apiConnection();
    const uploads = fake.uploads.length;
    const number = newNumber();
    const res = await sendForm(
      newToken(),
      { number, body: "foto.png" },
      {
        name: "foto.png",
        type: "image/png",
        data: sampleMedia.image.data,
      },
    );
    expect(res.statusCode).toBe(401);
    expect(fake.uploads).toHaveLength(uploads);
    expect(sentTo(number)).toEqual([]);
  });

  it("sends as the token's company only: another company's contact with the number is untouched", async () => {
    const a = await apiConnection();
    const b = await buildTenant(s);
    await buildCloudConnection(s, fake, b.company.id, { token: newToken() });
    const number = newNumber();
    const theirs = await buildContact(s, b.company.id, { number, name: "B's customer" });

    const res = (await sendJson(a.token, { number, body: "De A" })).json<Result>();

    const ticket = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, res.ticketId) });
    expect(ticket).toMatchObject({ companyId: a.companyId, whatsappId: a.connection.id });
    expect(await ticketsOf(b.company.id)).toEqual([]);
    expect(await contactsOf(b.company.id)).toMatchObject([{ id: theirs.id, name: "B's customer" }]);
    // The Graph API was called with A's number id only.
    expect(sentTo(number).map((x) => x.phoneNumberId)).toEqual([a.connection.cloudPhoneNumberId]);
  });

  it("answers ERR_VALIDATION for a missing or unusable number and body, storing and sending nothing", async () => {
    const { companyId, token } = await apiConnection();
    for (const body of [{ number: "123", body: "Oi" }, { body: "Oi" }, { number: newNumber(), body: "  " }, {}]) {
      const res = await sendJson(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect(await contactsOf(companyId)).toEqual([]);
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number without WhatsApp, storing and sending nothing", async () => {
    const { companyId, connection, token } = await apiConnection();
    vi.spyOn(s.ctx.channels.runningDriver(connection.id)!, "checkNumber").mockResolvedValue(null);
    const number = newNumber();
    const res = await sendJson(token, { number, body: "Oi" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(await contactsOf(companyId)).toEqual([]);
    expect(sentTo(number)).toEqual([]);
  });

  it("answers ERR_WAPP_CHECK_CONTACT when the number check fails", async () => {
    const { connection, token } = await apiConnection();
    vi.spyOn(s.ctx.channels.runningDriver(connection.id)!, "checkNumber").mockRejectedValue(new Error("timeout"));
    const res = await sendJson(token, { number: newNumber(), body: "Oi" });
    expect(res.json()).toEqual({ error: "ERR_WAPP_CHECK_CONTACT" });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the token's connection is not running", async () => {
    const company = await buildCompany(s);
    const token = newToken();
    await buildWhatsapp(s, company.id, { provider: "cloud", token });
    const res = await sendJson(token, { number: newNumber(), body: "Oi" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(await contactsOf(company.id)).toEqual([]);
  });

  it("answers ERR_NO_PERMISSION when the company's plan lacks the external API", async () => {
    const plan = await buildPlan(s, { useExternalApi: false });
    const company = await buildCompany(s, { planId: plan.id });
    const { token } = await apiConnection(company.id);
    const number = newNumber();
    const res = await sendJson(token, { number, body: "Oi" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(sentTo(number)).toEqual([]);
  });

  it(`limits a token to ${externalApiRateLimit} calls a minute; other tokens go on`, async () => {
    const { token: other } = await apiConnection();
    const busy = newToken();
    const statuses = new Set<number>();
    for (let i = 0; i < externalApiRateLimit; i++)
      statuses.add((await sendJson(busy, { number: "1", body: "x" })).statusCode);
    expect([...statuses]).toEqual([401]);
    const limited = await sendJson(busy, { number: "1", body: "x" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect((await sendJson(other, { number: newNumber(), body: "Oi" })).statusCode).toBe(200);
  });
});
