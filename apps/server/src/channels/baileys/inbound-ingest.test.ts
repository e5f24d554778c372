/**
 * Baileys messages through the real pipeline: inboundOf → ingest, acksOf →
 * applyAck, and the conversation read back as the client reads it
 * (GET /messages/{ticketId}).
 */
import type { MessageDto } from "@balcao/contracts";
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, tickets } from "../../db/schema/index.js";
import { applyAck } from "../../modules/messages/apply-ack.js";
import { ingest } from "../../modules/messages/ingest.js";
import {
  content,
  groupJid,
  groupReceipt,
  lidJid,
  pnJid,
  sampleDownload,
  statusUpdate,
  vcard,
  waMessage,
} from "../../../test/baileys-messages.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { acksOf, receiptAcksOf } from "./acks.js";
import { inboundOf } from "./inbound.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const S = proto.WebMessageInfo.Status;

async function company() {
  const tenant = await buildTenant(s);
  const connection = await buildWhatsapp(s, tenant.company.id, { provider: "beta", name: "Celular" });
  /** What the driver does with a `messages.upsert` message. */
  const receive = async (message: WAMessage, groupSubject?: string) => {
    const inbound = inboundOf(message, sampleDownload, groupSubject);
    if (inbound) await ingest(s.ctx, connection, inbound);
  };
  const acks = async (updates: ReturnType<typeof acksOf>) => {
    for (const update of updates) await applyAck(s.ctx, connection, update);
  };
  const ticketOf = async (number: string) => {
    const [row] = await s.ctx.db
      .select({ id: tickets.id, unread: tickets.unreadMessages, lastMessage: tickets.lastMessage })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.companyId, tenant.company.id), eq(contacts.number, number)));
    return row!;
  };
  const conversation = async (number: string) => {
    const ticket = await ticketOf(number);
    const res = await s.request({ path: `/messages/${ticket.id}`, token: tenant.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ messages: MessageDto[] }>().messages;
  };
  return { ...tenant, connection, receive, acks, ticketOf, conversation };
}

describe("a customer's conversation over WhatsApp Web", () => {
  it("stores every kind as the client shows it, on one ticket", async () => {
    const t = await company();
    const number = "5511987650001";
    // The chat arrives addressed by LID, the number beside it.
    const from = { chat: lidJid("70000000000001"), chatAlt: pnJid(number), pushName: "Maria" };
    const hello = waMessage({ ...from, id: "HELLO" }, content.text("Oi, tudo bem?"));
    await t.receive(hello);
    await t.receive(waMessage({ ...from, id: "IMG" }, content.image("a peça", "HELLO")));
    await t.receive(waMessage({ ...from, id: "PTT" }, content.voiceNote()));
    await t.receive(waMessage({ ...from, id: "DOC" }, content.documentWithCaption("pedido.pdf", "segue o pedido")));
    await t.receive(waMessage({ ...from, id: "STK" }, content.sticker()));
    await t.receive(waMessage({ ...from, id: "LOC" }, content.location(-23.55, -46.63, "Loja")));
    await t.receive(waMessage({ ...from, id: "VCF" }, content.contact("João", "5511911112222")));
    await t.receive(waMessage({ ...from, id: "EPH" }, content.ephemeral(content.extendedText("some depois"))));
    await t.receive(waMessage({ ...from, id: "SKD" }, content.senderKeyOnly("x")));

    const messages = await t.conversation(number);
    expect(messages.map((m) => [m.wid, m.mediaType, m.body])).toEqual([
      ["HELLO", "chat", "Oi, tudo bem?"],
      ["IMG", "image", "a peça"],
      ["PTT", "audio", ""],
      ["DOC", "application", "segue o pedido"],
      ["STK", "image", ""],
      ["LOC", "locationMessage", "|https://maps.google.com/maps?q=-23.55,-46.63|Loja"],
      ["VCF", "contactMessage", vcard("João", "5511911112222")],
      ["EPH", "chat", "some depois"],
    ]);
    const byWid = Object.fromEntries(messages.map((m) => [m.wid, m]));
    expect(byWid.HELLO).toMatchObject({ fromMe: false, ack: 1, contact: { name: "Maria", number } });
    expect(byWid.IMG).toMatchObject({
      quotedMsg: { body: "Oi, tudo bem?", fromMe: false, contact: { name: "Maria" } },
    });
    expect(byWid.IMG!.mediaUrl).toMatch(/\.png$/);
    expect(byWid.PTT!.mediaUrl).toMatch(/\.ogg$/);
    expect(byWid.DOC).toMatchObject({ mediaName: "pedido.pdf" });
    expect(byWid.STK!.mediaUrl).toMatch(/\.webp$/);
    expect(await t.ticketOf(number)).toMatchObject({ unread: 8, lastMessage: "some depois" });
  });

  it("edits, revokes, reactions, the phone's own messages and their acks", async () => {
    const t = await company();
    const number = "5511987650002";
    const from = { chat: pnJid(number), pushName: "Carlos" };
    await t.receive(waMessage({ ...from, id: "PRICE" }, content.text("quanto custa? 10?")));
    await t.receive(
      waMessage({ ...from, id: "EDIT1" }, content.edit({ chat: from.chat, id: "PRICE" }, "quanto custa? 12?")),
    );
    await t.receive(waMessage({ ...from, id: "OOPS" }, content.text("mensagem errada")));
    await t.receive(waMessage({ ...from, id: "REV1" }, content.revoke({ chat: from.chat, id: "OOPS" })));
    // Answered from the phone: ours, already on WhatsApp's servers.
    await t.receive(waMessage({ chat: from.chat, id: "MINE", fromMe: true, pushName: "Loja" }, content.text("R$ 12")));
    await t.receive(
      waMessage({ ...from, id: "REACT1" }, content.reaction({ chat: from.chat, id: "MINE", fromMe: true }, "👍")),
    );
    await t.receive(
      waMessage({ ...from, id: "REACT2" }, content.reaction({ chat: from.chat, id: "MINE", fromMe: true }, "")),
    );
    await t.acks(acksOf([statusUpdate("MINE", S.DELIVERY_ACK), statusUpdate("MINE", S.READ)]));
    // A late "delivered" never lowers a read; the customer's own message is not ours to ack.
    await t.acks(acksOf([statusUpdate("MINE", S.DELIVERY_ACK), statusUpdate("PRICE", S.READ, { fromMe: false })]));

    const messages = await t.conversation(number);
    expect(messages.map((m) => m.wid)).toEqual(["PRICE", "OOPS", "MINE", "REACT1"]);
    const [price, oops, mine, reaction] = messages;
    expect(price).toMatchObject({ body: "quanto custa? 12?", isEdited: true, isDeleted: false, ack: 1 });
    expect(oops).toMatchObject({ body: "mensagem errada", isDeleted: true });
    expect(mine).toMatchObject({ fromMe: true, contact: null, ack: 4, body: "R$ 12" });
    expect(reaction).toMatchObject({
      mediaType: "reactionMessage",
      body: "👍",
      quotedMsg: { id: mine!.id, fromMe: true, body: "R$ 12" },
    });
    // The contact keeps the customer's name, not the phone owner's.
    expect(price!.contact).toMatchObject({ name: "Carlos" });
  });

  it("a repeated delivery stores the message once", async () => {
    const t = await company();
    const number = "5511987650003";
    const message = waMessage({ chat: pnJid(number), id: "ONCE", pushName: "Ana" }, content.image("foto"));
    await t.receive(message);
    await t.receive(message);
    expect((await t.conversation(number)).map((m) => m.wid)).toEqual(["ONCE"]);
    expect((await t.ticketOf(number)).unread).toBe(1);
  });

  it("a failed send shows as failed with WhatsApp's reason", async () => {
    const t = await company();
    const number = "5511987650004";
    await t.receive(waMessage({ chat: pnJid(number), id: "SENT", fromMe: true }, content.text("oi")));
    await t.acks(acksOf([statusUpdate("SENT", S.ERROR, { errorCode: "463" })]));
    const [sent] = await t.conversation(number);
    expect(sent).toMatchObject({ wid: "SENT", sendError: "WhatsApp error 463" });
  });
});

describe("group messages over WhatsApp Web", () => {
  it("the group is the ticket's contact, each participant the sender; receipts raise our message's ack", async () => {
    const t = await company();
    const setting = await s.request({
      method: "PUT",
      path: "/settings/CheckMsgIsGroup",
      token: t.admin.token,
      body: { key: "CheckMsgIsGroup", value: "disabled" },
    });
    expect(setting.statusCode).toBe(200);
    const group = groupJid("120363025246125401");
    const ana = { participant: lidJid("71111111111111"), participantAlt: pnJid("5511988880001"), pushName: "Ana" };
    const beto = { participant: pnJid("5511988880002"), pushName: "Beto" };
    await t.receive(waMessage({ chat: group, id: "G1", ...ana }, content.text("bom dia")), "Equipe Vendas");
    await t.receive(
      waMessage({ chat: group, id: "G2", ...beto }, content.extendedText("bom dia!", "G1")),
      "Equipe Vendas",
    );
    await t.receive(
      waMessage(
        { chat: group, id: "G3", fromMe: true, participant: pnJid("5511900000000") },
        content.text("olá equipe"),
      ),
    );
    await t.acks(receiptAcksOf([groupReceipt(group, "G3", pnJid("5511988880001"), "readTimestamp")]));

    const messages = await t.conversation("120363025246125401");
    expect(messages.map((m) => [m.wid, m.fromMe, m.contact?.name ?? null, m.contact?.number ?? null])).toEqual([
      ["G1", false, "Ana", "5511988880001"],
      ["G2", false, "Beto", "5511988880002"],
      ["G3", true, null, null],
    ]);
    expect(messages[1]!.quotedMsg).toMatchObject({ body: "bom dia", contact: { name: "Ana" } });
    expect(messages[2]!.ack).toBe(4);
    const res = await s.request({
      path: `/tickets/${(await t.ticketOf("120363025246125401")).id}`,
      token: t.admin.token,
    });
    expect(res.json()).toMatchObject({ isGroup: true, contact: { name: "Equipe Vendas", isGroup: true } });
  });

  it("are ignored while CheckMsgIsGroup is enabled (the default)", async () => {
    const t = await company();
    const group = groupJid("120363025246125402");
    await t.receive(
      waMessage({ chat: group, participant: pnJid("5511988880003"), pushName: "Caio" }, content.text("oi")),
    );
    const rows = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id));
    expect(rows).toHaveLength(0);
  });
});
