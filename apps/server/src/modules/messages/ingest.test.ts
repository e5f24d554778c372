/**
 * Inbound messages as the company sees them: the customer writes through the
 * fake Graph API (signed webhooks), and the test reads what an agent's
 * browser gets — realtime events, the ticket, the stored media.
 */
import { channels, type MessageDto, type TicketDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contacts, tickets, users } from "../../db/schema/index.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { sampleMedia, type CustomerMessage, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;

beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterEach(() => closeAllSockets());
afterAll(() => stopCloudServer(s, fake));

type AppMessage = { action: string; message: MessageDto; ticket: TicketDto };
type TicketEvent = { action: string; ticket: TicketDto };
const customer = () => `55219${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A company with a started cloud connection and an admin's socket in the notification room. */
async function company() {
  const tenant = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, tenant.company.id);
  const socket = await connectSocket(s, tenant.admin.token);
  await joinRoom(socket, "joinNotification");
  const messagesSeen = record<AppMessage>(socket, channels.appMessage(tenant.company.id));
  const ticketsSeen = record<TicketEvent>(socket, channels.ticket(tenant.company.id));
  const says = async (m: Omit<CustomerMessage, "phoneNumberId">) => {
    const res = await fake.customerMessage({ ...m, phoneNumberId: connection.cloudPhoneNumberId });
    expect(res.status, res.body).toBe(200);
    await flush(s, socket);
    return res.wid!;
  };
  return { ...tenant, connection, socket, messagesSeen, ticketsSeen, says };
}

const lastOf = (seen: AppMessage[]) => seen.at(-1)!.message;

describe("inbound kinds", () => {
  it("stores text, media, location, contacts and replies with the mediaType and body the client renders", async () => {
    const t = await company();
    const from = customer();
    const cases: [Omit<CustomerMessage, "phoneNumberId" | "from">, Partial<MessageDto>, boolean][] = [
      [{ text: "Bom dia" }, { mediaType: "chat", body: "Bom dia" }, false],
      [{ image: { caption: "a foto" } }, { mediaType: "image", body: "a foto" }, true],
      [{ audio: {} }, { mediaType: "audio", body: "" }, true],
      [{ video: { caption: "o vídeo" } }, { mediaType: "video", body: "o vídeo" }, true],
      [
        { document: { filename: "pedido.pdf", caption: "segue" } },
        { mediaType: "application", body: "segue", mediaName: "pedido.pdf" },
        true,
      ],
      [{ sticker: {} }, { mediaType: "image" }, true],
      [
        { location: { latitude: -23.55, longitude: -46.63, name: "Loja", address: "Av. Paulista | 1000" } },
        {
          mediaType: "locationMessage",
          body: "|https://maps.google.com/maps?q=-23.55,-46.63|Loja\nAv. Paulista / 1000",
        },
        false,
      ],
      [
        { button: { text: "Quero falar com vendas", payload: "sales" } },
        { mediaType: "chat", body: "Quero falar com vendas" },
        false,
      ],
      [
        { interactive: { type: "list_reply", list_reply: { id: "2", title: "Suporte" } } },
        { mediaType: "chat", body: "Suporte" },
        false,
      ],
    ];
    for (const [content, expected, hasMedia] of cases) {
      const wid = await t.says({ from, name: "Maria", ...content });
      const message = lastOf(t.messagesSeen);
      expect(message).toMatchObject({ ...expected, wid, fromMe: false, ack: 1 });
      expect(message.contact).toMatchObject({ name: "Maria", number: from });
      expect(Boolean(message.mediaUrl), JSON.stringify(content)).toBe(hasMedia);
    }
    expect(t.messagesSeen.map((e) => e.action)).toEqual(cases.map(() => "create"));
    expect(new Set(t.messagesSeen.map((e) => e.message.ticketId)).size).toBe(1);
  });

  it("serves inbound media to the company's users only", async () => {
    const t = await company();
    const other = await buildTenant(s);
    await t.says({ from: customer(), image: {} });
    const { mediaUrl } = lastOf(t.messagesSeen);
    expect(mediaUrl).toMatch(new RegExp(`^/api/public/${t.company.id}/[0-9a-f]{32}\\.png$`));
    const get = (token?: string) =>
      fetch(`${s.url}${mediaUrl}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const own = await get(t.agent.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await own.arrayBuffer()).equals(sampleMedia.image.data)).toBe(true);
    expect((await get(other.admin.token)).status).toBe(404);
    expect((await get()).status).toBe(401);
  });

  it("keeps a message whose file storage refuses (bytes unlike its type), without the file", async () => {
    const t = await company();
    await t.says({
      from: customer(),
      image: { mimetype: "image/png", data: Buffer.from("not a png"), caption: "foto?" },
    });
    expect(lastOf(t.messagesSeen)).toMatchObject({ mediaType: "image", body: "foto?", mediaUrl: null });
  });

  it("turns shared contacts into a vCard with the WhatsApp id", async () => {
    const t = await company();
    await t.says({
      from: customer(),
      contacts: [
        {
          name: { formatted_name: "João Silva", first_name: "João", last_name: "Silva" },
          phones: [{ phone: "+55 11 98888-7777", wa_id: "5511988887777", type: "CELL" }],
          emails: [{ email: "joao@example.com" }],
        },
      ],
    });
    const message = lastOf(t.messagesSeen);
    expect(message.mediaType).toBe("contactMessage");
    expect(message.body).toContain("BEGIN:VCARD");
    expect(message.body).toContain("FN:João Silva");
    expect(message.body).toContain("TEL;type=CELL;waid=5511988887777:+55 11 98888-7777");
    expect(message.body).toContain("EMAIL:joao@example.com");
    expect(lastOf(t.messagesSeen).ticket.id).toBe(t.ticketsSeen.at(-1)!.ticket.id);
    expect(t.ticketsSeen.at(-1)!.ticket.lastMessage).toBe("👤 João Silva");
  });

  it("links a reply to the message it quotes, and a reaction to the message it reacts to", async () => {
    const t = await company();
    const from = customer();
    const first = await t.says({ from, text: "Qual o prazo?" });
    await t.says({ from, text: "Alguém?", replyTo: first });
    expect(lastOf(t.messagesSeen).quotedMsg).toMatchObject({ body: "Qual o prazo?", fromMe: false });

    await t.says({ from, reaction: { messageId: first, emoji: "👍" } });
    expect(lastOf(t.messagesSeen)).toMatchObject({
      mediaType: "reactionMessage",
      body: "👍",
      quotedMsg: { body: "Qual o prazo?" },
    });
    // Taking the reaction back stores nothing new: the reaction's bubble is updated as removed.
    const before = t.messagesSeen.length;
    await t.says({ from, reaction: { messageId: first, emoji: "" } });
    expect(t.messagesSeen).toHaveLength(before + 1);
    expect(t.messagesSeen.at(-1)).toMatchObject({ action: "update", message: { body: "👍", isDeleted: true } });
  });
});

describe("tickets of inbound messages", () => {
  it("counts unread messages and keeps the last message on one pending ticket without queue or user", async () => {
    const t = await company();
    const from = customer();
    await t.says({ from, name: "Cliente Novo", text: "oi" });
    await t.says({ from, text: "tudo bem?" });
    await t.says({ from, image: {} });
    const ticket = t.ticketsSeen.at(-1)!.ticket;
    expect(ticket).toMatchObject({
      status: "pending",
      queueId: null,
      userId: null,
      unreadMessages: 3,
      lastMessage: "📷 image.png",
      whatsappId: t.connection.id,
      contact: { name: "Cliente Novo", number: from },
    });
    expect(t.ticketsSeen.map((e) => e.ticket.unreadMessages)).toEqual([1, 2, 3]);
    const [row] = await s.ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.queuedAt).not.toBeNull();
  });

  it("starts a new ticket when the last one was closed", async () => {
    const t = await company();
    const from = customer();
    await t.says({ from, text: "primeira conversa" });
    const first = t.ticketsSeen.at(-1)!.ticket;
    await s.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.id));
    await t.says({ from, text: "voltei" });
    const second = t.ticketsSeen.at(-1)!.ticket;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ status: "pending", unreadMessages: 1, contactId: first.contactId });
  });

  it("names a new contact by the profile name, keeps a name someone typed, and announces new contacts", async () => {
    const t = await company();
    const contactsSeen = record<{ action: string; contact: { number: string; name: string } }>(
      t.socket,
      channels.contact(t.company.id),
    );
    const known = customer();
    await s.ctx.db.insert(contacts).values({ companyId: t.company.id, number: known, name: "Dona Rosa (VIP)" });
    await t.says({ from: known, name: "rosa", text: "oi" });
    const fresh = customer();
    await t.says({ from: fresh, name: "Pedro", text: "oi" });
    expect(t.messagesSeen.map((e) => e.message.contact?.name)).toEqual(["Dona Rosa (VIP)", "Pedro"]);
    expect(contactsSeen.map((e) => [e.action, e.contact.number, e.contact.name])).toEqual([["create", fresh, "Pedro"]]);
  });
});

describe("a burst of concurrent deliveries", () => {
  it("announces every message once, on its own customer's ticket, with the ticket counting it", async () => {
    const t = await company();
    const people = [customer(), customer(), customer(), customer()];
    const says = people.flatMap((from, p) =>
      [1, 2, 3].map((n) =>
        fake.customerMessage({ phoneNumberId: t.connection.cloudPhoneNumberId, from, text: `cliente ${p} msg ${n}` }),
      ),
    );
    const answers = await Promise.all(says);
    expect(answers.map((a) => a.status)).toEqual(says.map(() => 200));
    await flush(s, t.socket);

    expect(t.messagesSeen.map((e) => e.message.wid).sort()).toEqual(answers.map((a) => a.wid).sort());
    const ticketOf = new Map<string, number>();
    for (const { message, ticket } of t.messagesSeen) {
      const p = Number(/^cliente (\d)/.exec(message.body)![1]);
      expect(message.contact?.number).toBe(people[p]);
      expect(ticket.id).toBe(message.ticketId);
      expect(ticketOf.get(people[p]!) ?? ticket.id).toBe(ticket.id);
      ticketOf.set(people[p]!, ticket.id);
    }
    expect(new Set(ticketOf.values()).size).toBe(people.length);
    // Each message moved its ticket in the lists; the last word on each ticket counts all three.
    expect(t.ticketsSeen).toHaveLength(says.length);
    for (const id of ticketOf.values()) {
      expect(t.ticketsSeen.filter((e) => e.ticket.id === id).at(-1)!.ticket.unreadMessages).toBe(3);
    }
  });
});

describe("realtime of inbound messages", () => {
  it("reaches the company's sockets in the ticket's rooms, and never another company's", async () => {
    const t = await company();
    const other = await buildTenant(s);
    const outsider = await connectSocket(s, other.admin.token);
    await joinRoom(outsider, "joinNotification");
    await joinRoom(outsider, "joinTickets", "pending");
    const outsiderSaw = [
      record(outsider, channels.appMessage(t.company.id)),
      record(outsider, channels.appMessage(other.company.id)),
      record(outsider, channels.ticket(other.company.id)),
    ];
    // A colleague who sees tickets without a queue (allTicket) watching the pending list, and one in no room.
    await s.ctx.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, t.agent.id));
    const pendingList = await connectSocket(s, t.agent.token);
    await joinRoom(pendingList, "joinTickets", "pending");
    const listSaw = record<AppMessage>(pendingList, channels.appMessage(t.company.id));
    const idle = await connectSocket(s, t.agent.token);
    const idleSaw = record(idle, channels.appMessage(t.company.id));

    await t.says({ from: customer(), text: "segredo da empresa" });
    await Promise.all([flush(s, outsider), flush(s, pendingList), flush(s, idle)]);

    expect(listSaw.map((e) => e.message.body)).toEqual(["segredo da empresa"]);
    expect(idleSaw).toHaveLength(0);
    for (const seen of outsiderSaw) expect(seen).toHaveLength(0);

    // With the ticket open in the chat box, the same socket gets it once.
    const box = await connectSocket(s, t.agent.token);
    const ticketId = t.ticketsSeen.at(-1)!.ticket.id;
    await joinRoom(box, "joinChatBox", String(ticketId));
    await joinRoom(box, "joinNotification");
    const boxSaw = record<AppMessage>(box, channels.appMessage(t.company.id));
    const from = t.messagesSeen.at(-1)!.message.contact!.number;
    await t.says({ from, text: "de novo" });
    await flush(s, box);
    expect(boxSaw.map((e) => e.message.body)).toEqual(["de novo"]);
  });
});
