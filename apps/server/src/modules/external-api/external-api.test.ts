/**
 * POST {host}/api/messages/send (business-areas §2.18, §7; SERVER-BEHAVIOUR
 * "External messages API") through a Cloud API connection: what a text or a
 * file sent as the spec's client sends it (/api/api/messages/send) makes,
 * stores and hands to WhatsApp (the fake Graph API). Refusals are in
 * external-api.refusals.test.ts.
 */
import { channels, type ExternalSendResult } from "@balcao/contracts";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import { externalApiFile, newNumber, png } from "../../../test/external-api.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
const { apiConnection, sendJson, sendForm, sentTo, contactsOf, ticketsOf, messagesOf } = externalApiFile(
  (started) => ({ s, fake } = started),
);

describe("sending a text", () => {
  it("makes the contact and a pending ticket, stores and sends the message, and answers SUCCESS with the ids", async () => {
    const { companyId, connection, token } = await apiConnection();
    const number = newNumber();

    const res = await sendJson(token, {
      number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`,
      body: "Seu pedido saiu para entrega",
    });

    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ExternalSendResult>();
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
    const first = (await sendJson(token, { number, body: "Um" })).json<ExternalSendResult>();
    const second = await sendJson(token, { number, body: "Dois" }, "/messages/send");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<ExternalSendResult>().ticketId).toBe(first.ticketId);
    expect(await ticketsOf(companyId)).toHaveLength(1);
    expect((await messagesOf(first.ticketId)).map((m) => m.body)).toEqual(["Um", "Dois"]);
  });

  it("makes one contact and one ticket when sends for a new number race", async () => {
    const { companyId, token } = await apiConnection();
    const number = newNumber();
    const results = await Promise.all([1, 2, 3, 4].map((i) => sendJson(token, { number, body: `Msg ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json<ExternalSendResult>().ticketId)).size).toBe(1);
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
    const res = (await sendJson(token, { number: contact.number, body: "Olá de novo" })).json<ExternalSendResult>();
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
    await joinRoom(socket, "joinTickets", "pending");
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
    const res = await sendForm(token, { number, body: "foto.png" }, png(sampleMedia.image.data));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ExternalSendResult>();
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
    const res = await sendForm(token, { number, body: "foto.png" }, png(Buffer.from("not a png")));
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
