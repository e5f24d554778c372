/**
 * POST /messages/{ticketId} with text, POST /messages/{id}/retry and
 * DELETE /messages/{id} through a Cloud API connection: what WhatsApp (the fake
 * Graph API) received, what was stored and what went out live (core-platform
 * §2.10, §2.11, §5, §7.5). Files are in messages.files.test.ts.
 */
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/schema/index.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildMessage } from "../../../test/conversations.js";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { openChat, sentTo, storedMessages, type Chat } from "../../../test/messages.js";
import { connectSocket, flush, joinRoom, record, until } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const sendText = (c: Chat, body: object, token = c.token) =>
  s.request({ method: "POST", path: `/messages/${c.ticket.id}`, token, body });

describe("sending text", () => {
  it("stores it as the agent's (ack 1), announces it, sends it, then records WhatsApp's id with ack 2", async () => {
    const c = await openChat(s, fake);
    const socket = await connectSocket(s, c.token);
    await joinRoom(socket, "joinChatBox", c.ticket.id);
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
    const sent = sentTo(fake, c).at(-1)!;
    expect(sent.body).toMatchObject({ type: "text", text: { body: "*Ana:*\nOlá! Como posso ajudar?" } });
    expect(res.json()).toMatchObject({ fromMe: true, userId: c.agent.id, ack: 2, wid: sent.id, sendError: null });
    const ticket = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, c.ticket.id) });
    expect(ticket).toMatchObject({ unreadMessages: 0, lastMessage: "*Ana:*\nOlá! Como posso ajudar?" });
    // WhatsApp's later status reports raise the same row.
    await fake.status({ wid: sent.id, status: "read" });
    await until(async () => (await storedMessages(s, c.ticket.id))[0]?.ack === 4);
    await flush(s, socket);
    expect(live.map((e) => [e.action, e.message.ack])).toEqual([
      ["create", 1],
      ["update", 2],
      ["update", 4],
    ]);
  });

  it("a reply quotes the message (by object or id) and WhatsApp gets its id as context", async () => {
    const c = await openChat(s, fake);
    const incoming = await buildMessage(s, c.ticket, { wid: "wamid.QUOTED", body: "Qual o prazo?" });
    const byObject = await sendText(c, { body: "Dois dias", quotedMsg: { id: incoming.id, body: "Qual o prazo?" } });
    expect(byObject.json()).toMatchObject({ quotedMsg: { id: incoming.id, body: "Qual o prazo?", fromMe: false } });
    expect(sentTo(fake, c).at(-1)!.body).toMatchObject({
      context: { message_id: "wamid.QUOTED" },
      text: { body: "Dois dias" },
    });
    expect((await sendText(c, { body: "Confirmo", quotedMsg: incoming.id })).json().quotedMsg.id).toBe(incoming.id);
    const other = await openChat(s, fake);
    const foreign = await sendText(c, { body: "x", quotedMsg: (await buildMessage(s, other.ticket)).id });
    expect(foreign.statusCode).toBe(400);
  });

  it("refuses empty or blank text and a ticket that is not open; nothing is stored or sent", async () => {
    const c = await openChat(s, fake);
    for (const body of ["", "   ", "\n\t"]) {
      const res = await sendText(c, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    await s.ctx.db.update(tickets).set({ status: "pending" }).where(eq(tickets.id, c.ticket.id));
    const closed = await sendText(c, { body: "Olá" });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ error: "ERR_NO_PERMISSION", details: { reason: "ticketNotOpen" } });
    expect(await storedMessages(s, c.ticket.id)).toEqual([]);
    expect(sentTo(fake, c)).toEqual([]);
  });

  it("never sends on another company's ticket", async () => {
    const c = await openChat(s, fake);
    const o = await buildTenant(s);
    const res = await s.request({
      method: "POST",
      path: `/messages/${c.ticket.id}`,
      token: o.admin.token,
      body: { body: "intruder" },
    });
    expect(res.statusCode).toBe(404);
    expect(await storedMessages(s, c.ticket.id)).toEqual([]);
  });
});

describe("provider failure and retry", () => {
  it("a refused send stays as failed (sendError, ack 1), answers ERR_SENDING_WAPP_MSG, and retry sends it", async () => {
    const c = await openChat(s, fake);
    fake.failNextSend({ message: "(#131047) Re-engagement message" });
    const res = await sendText(c, { body: "Ainda está aí?" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_SENDING_WAPP_MSG" });
    const [failed] = await storedMessages(s, c.ticket.id);
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
    expect(retry.json()).toMatchObject({ id: failed!.id, ack: 2, sendError: null, wid: sentTo(fake, c).at(-1)!.id });
    const again = await s.request({ method: "POST", path: `/messages/${failed!.id}/retry`, token: c.token });
    expect(again.statusCode).toBe(400);
    const o = await buildTenant(s);
    const foreign = await s.request({ method: "POST", path: `/messages/${failed!.id}/retry`, token: o.admin.token });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("deleting a message", () => {
  it("only its author may; a failed message goes at once; WhatsApp's refusal answers ERR_DELETE_WAPP_MSG and changes nothing", async () => {
    const c = await openChat(s, fake);
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
    const failed = (await storedMessages(s, c.ticket.id)).at(-1)!;
    const socket = await connectSocket(s, c.token);
    await joinRoom(socket, "joinChatBox", c.ticket.id);
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

  it("on a Cloud API ticket, scope=team hides it for every agent, live, and leaves the customer's copy; a bad scope changes nothing", async () => {
    const c = await openChat(s, fake);
    const mine = (await sendText(c, { body: "Preço errado: R$ 10" })).json<{ id: number }>();
    const sends = sentTo(fake, c).length;
    const isDeleted = async () => (await s.ctx.db.query.messages.findFirst({ where: eq(messages.id, mine.id) }))!;

    const bad = await s.request({ method: "DELETE", path: `/messages/${mine.id}?scope=all`, token: c.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await isDeleted()).isDeleted).toBe(false);

    // The admin watches the conversation: the hide reaches their screen as the message's update.
    const socket = await connectSocket(s, c.t.admin.token);
    await joinRoom(socket, "joinChatBox", c.ticket.id);
    const live = record<{ action: string; message: { id: number; isDeleted: boolean; details: unknown } }>(
      socket,
      channels.appMessage(c.companyId),
    );
    const hidden = await s.request({ method: "DELETE", path: `/messages/${mine.id}?scope=team`, token: c.token });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      id: mine.id,
      isDeleted: true,
      details: { hiddenForTeam: true },
      ticket: { whatsapp: { provider: "cloud" } },
    });
    await flush(s, socket);
    expect(live.map((e) => [e.action, e.message.id, e.message.isDeleted, e.message.details])).toEqual([
      ["update", mine.id, true, { hiddenForTeam: true }],
    ]);
    // Nothing went to WhatsApp: the customer still has it.
    expect(sentTo(fake, c)).toHaveLength(sends);
    const page = await s.request({ method: "GET", path: `/messages/${c.ticket.id}`, token: c.t.admin.token });
    expect(page.json<{ messages: { id: number; details: unknown }[] }>().messages).toContainEqual(
      expect.objectContaining({ id: mine.id, isDeleted: true, details: { hiddenForTeam: true } }),
    );
  });
});
