/**
 * Messages through a paired WhatsApp Web session, end to end: real Baileys
 * message objects emitted on the session's socket become tickets and
 * messages as the ticket workspace reads them, and what agents send reaches
 * the socket as the exact payload WhatsApp expects.
 */
import type { MessageDto, TicketDto } from "@balcao/contracts";
import { proto } from "@whiskeysockets/baileys";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  callEvent,
  content,
  groupJid,
  lidJid,
  pnJid,
  statusUpdate,
  waMessage,
} from "../../../test/baileys-messages.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { connectedWebConnection } from "../../../test/whatsapp-web.js";

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

const eventually = <T>(what: string, read: () => Promise<T | undefined>): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (value === undefined) throw new Error(`never saw ${what}`);
      return value;
    },
    { timeout: 5_000, interval: 25 },
  );

/** The agent accepts the ticket, as the workspace's accept button does. */
const accept = (token: string, ticket: TicketDto, userId: number) =>
  s.request({ method: "PUT", path: `/tickets/${ticket.id}`, token, body: { status: "open", userId } });

async function ticketOf(token: string, contactName: string): Promise<TicketDto> {
  return eventually(`a ticket of ${contactName}`, async () => {
    const res = await s.request({ path: "/tickets?status=pending&showAll=true", token });
    return res.json<{ tickets: TicketDto[] }>().tickets.find((t) => t.contact.name === contactName);
  });
}

const messagesOf = async (token: string, ticketId: number) =>
  (await s.request({ path: `/messages/${ticketId}`, token })).json<{ messages: MessageDto[] }>().messages;

describe("inbound", () => {
  it("turns a customer's message into a pending ticket, and leaves the phone's older history out", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const chat = pnJid("5511955551111");
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    open.messages([
      waMessage({ chat, pushName: "Ana Souza", timestamp: anHourAgo }, content.text("de antes do pareamento")),
      waMessage({ chat, pushName: "Ana Souza" }, content.text("Oi, tudo bem?")),
    ]);

    const ticket = await ticketOf(t.admin.token, "Ana Souza");
    expect(ticket.contact.number).toBe("5511955551111");
    expect((await messagesOf(t.admin.token, ticket.id)).map((m) => [m.body, m.fromMe])).toEqual([
      ["Oi, tudo bem?", false],
    ]);
  });

  it("stores a photo with its file, then the customer's edit, reaction and revoke on the same messages", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const chat = pnJid("5511955550000");
    const photo = waMessage({ chat, pushName: "Eva" }, content.image("o produto"));
    const text = waMessage({ chat, pushName: "Eva" }, content.text("quero dois"));
    open.messages([photo, text]);
    const ticket = await ticketOf(t.admin.token, "Eva");
    await eventually("both messages", async () =>
      (await messagesOf(t.admin.token, ticket.id)).length === 2 ? true : undefined,
    );

    open.messages([
      waMessage({ chat, pushName: "Eva" }, content.edit({ chat, id: text.key.id! }, "quero três")),
      waMessage({ chat, pushName: "Eva" }, content.reaction({ chat, id: photo.key.id! }, "❤️")),
      waMessage({ chat, pushName: "Eva" }, content.revoke({ chat, id: photo.key.id! })),
    ]);
    const stored = await eventually("the edit, reaction and revoke", async () => {
      const list = await messagesOf(t.admin.token, ticket.id);
      return list.some((m) => m.isEdited) && list.some((m) => m.isDeleted) && list.length === 3 ? list : undefined;
    });
    const [image, edited, reaction] = stored;
    expect(image).toMatchObject({ mediaType: "image", body: "o produto", isDeleted: true });
    expect(image!.mediaUrl).toMatch(/\.png/);
    expect(edited).toMatchObject({ body: "quero três", isEdited: true });
    expect(reaction).toMatchObject({ mediaType: "reactionMessage", body: "❤️" });
  });

  it("finds the phone number of a chat WhatsApp names only by LID", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    open.lids.set(lidJid("70000000000123"), pnJid("5511955557777"));
    open.messages([waMessage({ chat: lidJid("70000000000123"), pushName: "Gil" }, content.text("Oi"))]);
    expect((await ticketOf(t.admin.token, "Gil")).contact.number).toBe("5511955557777");
  });

  it("names a group's contact after the group's subject", async () => {
    const t = await buildTenant(s);
    await s.request({
      method: "PUT",
      path: "/settings/CheckMsgIsGroup",
      token: t.admin.token,
      body: { value: "disabled" },
    });
    const { open } = await connectedWebConnection(s, t.admin.token);
    const group = groupJid("120363000000777");
    open.groups.set(group, "Equipe Vendas");
    open.messages([
      waMessage({ chat: group, participant: pnJid("5511955559999"), pushName: "Bruno" }, content.text("Bom dia")),
    ]);

    const ticket = await ticketOf(t.admin.token, "Equipe Vendas");
    expect(ticket.isGroup).toBe(true);

    // Reading the ticket sends a read receipt naming Bruno; a reply quoting him names him as the quote's author.
    await accept(t.admin.token, ticket, t.admin.id);
    const [question] = await messagesOf(t.admin.token, ticket.id);
    const receipt = await eventually("the read receipt", async () => open.read.flat().at(0));
    expect(receipt).toEqual({
      remoteJid: group,
      id: question!.wid,
      fromMe: false,
      participant: pnJid("5511955559999"),
    });
    await s.request({
      method: "POST",
      path: `/messages/${ticket.id}`,
      token: t.admin.token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "Bom dia, Bruno", quotedMsg: question },
    });
    expect(open.sent.at(-1)).toMatchObject({
      jid: group,
      options: { quoted: { key: { id: question!.wid, participant: "5511955559999@s.whatsapp.net" } } },
    });
  });
});

describe("outbound", () => {
  it("hands an agent's reply to the socket as WhatsApp's text message, and its acks rise as WhatsApp reports", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const original = waMessage({ chat: pnJid("5511955552222"), pushName: "Caio" }, content.text("Qual o prazo?"));
    open.messages([original]);
    const ticket = await ticketOf(t.admin.token, "Caio");
    await accept(t.admin.token, ticket, t.admin.id);
    const [question] = await messagesOf(t.admin.token, ticket.id);

    const res = await s.request({
      method: "POST",
      path: `/messages/${ticket.id}`,
      token: t.admin.token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "Chega amanhã", quotedMsg: question },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(open.sent).toEqual([
      {
        jid: "5511955552222@s.whatsapp.net",
        content: { text: "Chega amanhã" },
        options: {
          quoted: {
            key: { remoteJid: "5511955552222@s.whatsapp.net", id: original.key.id, fromMe: false },
            message: { conversation: "Qual o prazo?" },
          },
        },
      },
    ]);

    const reply = (await messagesOf(t.admin.token, ticket.id)).find((m) => m.fromMe)!;
    open.emit("messages.update", [
      statusUpdate(reply.wid!, proto.WebMessageInfo.Status.READ, { chat: pnJid("5511955552222") }),
    ]);
    await eventually("the read ack", async () => {
      const ack = (await messagesOf(t.admin.token, ticket.id)).find((m) => m.id === reply.id)?.ack;
      return ack === 4 ? ack : undefined;
    });

    // A phone that could not decrypt it asks again: Baileys gets the content back from the database.
    const again = await open.config.getMessage!({
      remoteJid: "5511955552222@s.whatsapp.net",
      id: reply.wid,
      fromMe: true,
    });
    expect(again?.conversation).toBe("Chega amanhã");
  });

  it("deletes an agent's message for everyone on WhatsApp", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    open.messages([waMessage({ chat: pnJid("5511955556666"), pushName: "Fábio" }, content.text("Oi"))]);
    const ticket = await ticketOf(t.admin.token, "Fábio");
    await accept(t.admin.token, ticket, t.admin.id);
    const sent = await s.request({
      method: "POST",
      path: `/messages/${ticket.id}`,
      token: t.admin.token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "enviada por engano" },
    });
    const mine = (await messagesOf(t.admin.token, ticket.id)).find((m) => m.fromMe)!;
    expect(sent.statusCode).toBe(200);

    const res = await s.request({ method: "DELETE", path: `/messages/${mine.id}`, token: t.admin.token });
    expect(res.json()).toMatchObject({ id: mine.id, isDeleted: true });
    const jid = "5511955556666@s.whatsapp.net";
    expect(open.sent.at(-1)).toEqual({ jid, content: { delete: { remoteJid: jid, id: mine.wid, fromMe: true } } });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED while the session is down, and sends nothing", async () => {
    const t = await buildTenant(s);
    const { open, whatsapp } = await connectedWebConnection(s, t.admin.token);
    open.messages([waMessage({ chat: pnJid("5511955553333"), pushName: "Davi" }, content.text("Alô"))]);
    const ticket = await ticketOf(t.admin.token, "Davi");
    await accept(t.admin.token, ticket, t.admin.id);
    await s.request({ method: "DELETE", path: `/whatsappsession/${whatsapp.id}`, token: t.admin.token });

    const res = await s.request({
      method: "POST",
      path: `/messages/${ticket.id}`,
      token: t.admin.token,
      body: { read: 1, fromMe: true, mediaUrl: "", body: "Oi Davi" },
    });
    expect(res.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(open.sent).toEqual([]);
  });
});

describe("calls", () => {
  it("with calls refused (the default), rejects the call, logs it and tells the caller", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    const call = callEvent("offer", { from: pnJid("5511955554444") });
    open.emit("call", [call]);

    await eventually("the rejection", async () => (open.rejectedCalls.includes(call.id) ? true : undefined));
    const ticket = await ticketOf(t.admin.token, "5511955554444");
    const log = await messagesOf(t.admin.token, ticket.id);
    expect(log.map((m) => m.mediaType)).toContain("call_log");
    // The notice follows the log.
    await eventually("the notice", async () => (open.sent.length > 0 ? true : undefined));
    expect(open.sent.map((p) => p.jid)).toEqual(["5511955554444@s.whatsapp.net"]);
  });
});
