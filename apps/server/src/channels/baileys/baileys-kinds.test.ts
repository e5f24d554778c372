/**
 * WhatsApp Web kinds beyond text and media (issue 19 item 3), through the
 * real driver: the scripted socket emits Baileys' proto messages, ingest
 * stores them, and the test reads the ticket as the agent's client does
 * (GET /messages). Votes and encrypted edits are sealed as a phone seals them
 * (baileys-secrets.ts) with the original's secret.
 */
import type { MessageDto, TicketDto } from "@balcao/contracts";
import { randomBytes } from "node:crypto";
import { proto } from "@whiskeysockets/baileys";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "../../db/schema/index.js";
import { content, lidJid, pnJid, waMessage, type Envelope } from "../../../test/baileys-messages.js";
import {
  event,
  eventResponse,
  poll,
  pollVote,
  product,
  secretEdit,
  secretText,
} from "../../../test/baileys-secrets.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { connectedWebConnection } from "../../../test/whatsapp-web.js";

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

/** The customer's conversation as the agent reads it, once `ready` holds for it. */
async function seen(token: string, name: string, ready: (list: MessageDto[]) => boolean): Promise<MessageDto[]> {
  return vi.waitFor(
    async () => {
      const res = await s.request({ path: "/tickets?status=pending&showAll=true", token });
      const ticket = res.json<{ tickets: TicketDto[] }>().tickets.find((t) => t.contact.name === name);
      if (!ticket) throw new Error(`no ticket of ${name} yet`);
      const list = (await s.request({ path: `/messages/${ticket.id}`, token })).json<{ messages: MessageDto[] }>();
      if (!ready(list.messages)) throw new Error(`not yet: ${JSON.stringify(list.messages.map((m) => m.body))}`);
      return list.messages;
    },
    { timeout: 10_000, interval: 50 },
  );
}

const count = (n: number) => (list: MessageDto[]) => list.length >= n;

async function customerChat(name: string, number: string, extra: Partial<Envelope> = {}) {
  const t = await buildTenant(s);
  const { open, whatsapp } = await connectedWebConnection(s, t.admin.token);
  const envelope: Envelope = { chat: pnJid(number), pushName: name, ...extra };
  const from = (message: Parameters<typeof waMessage>[1], id?: string) => waMessage({ ...envelope, id }, message);
  return { token: t.admin.token, open, from, envelope, whatsappId: whatsapp.id };
}

describe("polls", () => {
  it("shows each version's question and options, and keeps the poll's secret with the message", async () => {
    const { token, open, from, whatsappId } = await customerChat("Vera", "5511933330001");
    const secret = randomBytes(32);
    const versions = ["pollCreationMessage", "pollCreationMessageV2", "pollCreationMessageV3", "V4"] as const;
    open.messages(versions.map((version, i) => from(poll(`Pergunta ${i}`, ["Sim", "Não"], { version, secret }))));
    open.messages([
      from(poll("Qual sabor?", ["Uva", "Maçã", "Pera"], { version: "pollCreationMessageV5", selectable: 0 })),
    ]);

    const list = await seen(token, "Vera", count(5));
    expect(list.map((m) => [m.mediaType, m.body])).toEqual([
      ["poll", "Pergunta 0"],
      ["poll", "Pergunta 1"],
      ["poll", "Pergunta 2"],
      ["poll", "Pergunta 3"],
      ["poll", "Qual sabor?"],
    ]);
    expect(list[4]!.details).toEqual({
      poll: { question: "Qual sabor?", options: ["Uva", "Maçã", "Pera"], selectableCount: 0, votes: [] },
    });
    const [row] = await s.ctx.db
      .select({ raw: messages.providerData })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.id, list[0]!.id)));
    const kept = (row!.raw as { message: { messageContextInfo: { messageSecret: string } } }).message;
    expect(Buffer.from(kept.messageContextInfo.messageSecret, "base64").equals(secret)).toBe(true);
  });

  it("counts a vote on the poll, the voter's latest choice replacing the earlier one, with no bubble of its own", async () => {
    const number = "5511933330002";
    const lid = lidJid("80000000000002");
    // The chat arrives by LID with the number beside it: the phone may have sealed with either.
    const { token, open, from } = await customerChat("Caio", number, { chat: lid, chatAlt: pnJid(number) });
    const secret = randomBytes(32);
    const question = from(poll("Entrega ou retirada?", ["Entrega", "Retirada"], { secret }), "POLL1");
    open.messages([question]);
    await seen(token, "Caio", count(1));

    const target = { chat: lid, id: "POLL1" };
    const sealed = { id: "POLL1", secret, sender: pnJid(number), changer: pnJid(number) };
    open.messages([from(pollVote(target, ["Entrega"], sealed))]);
    const first = await seen(token, "Caio", (l) => (l[0]?.details?.poll?.votes.length ?? 0) > 0);
    expect(first[0]!.details!.poll!.votes).toEqual([{ voter: number, options: ["Entrega"], at: expect.any(String) }]);

    // Sealed with the LID this time: the same voter, a new choice.
    open.messages([from(pollVote(target, ["Retirada"], { ...sealed, sender: lid, changer: lid }))]);
    open.messages([from(content.text("prefiro retirar"))]);
    const list = await seen(token, "Caio", count(2));
    expect(list.map((m) => m.mediaType)).toEqual(["poll", "chat"]);
    expect(list[0]!.details!.poll!.votes).toEqual([{ voter: number, options: ["Retirada"], at: expect.any(String) }]);
  });

  it("counts a customer's vote on a poll the business sent from its phone", async () => {
    const number = "5511933330009";
    const own = "5511987650099";
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token, own);
    const chat = pnJid(number);
    const secret = randomBytes(32);
    open.messages([
      waMessage({ chat, fromMe: true, id: "POLL3" }, poll("Gostou do atendimento?", ["Sim", "Não"], { secret })),
    ]);
    open.messages([waMessage({ chat, pushName: "Tati" }, content.text("oi"))]);
    await seen(t.admin.token, "Tati", count(2));
    const sealed = { id: "POLL3", secret, sender: pnJid(own), changer: chat };
    open.messages([waMessage({ chat, pushName: "Tati" }, pollVote({ chat, id: "POLL3" }, ["Sim"], sealed))]);

    const [ours] = await seen(t.admin.token, "Tati", (l) => (l[0]?.details?.poll?.votes.length ?? 0) > 0);
    expect(ours).toMatchObject({ fromMe: true, mediaType: "poll" });
    expect(ours!.details!.poll!.votes).toEqual([{ voter: number, options: ["Sim"], at: expect.any(String) }]);
  });

  it("leaves a vote it cannot open uncounted, and goes on", async () => {
    const number = "5511933330003";
    const { token, open, from } = await customerChat("Edu", number);
    open.messages([from(poll("Horário?", ["Manhã", "Tarde"]), "POLL2")]);
    await seen(token, "Edu", count(1));
    const wrong = { id: "POLL2", secret: randomBytes(32), sender: pnJid(number), changer: pnJid(number) };
    open.messages([from(pollVote({ chat: pnJid(number), id: "POLL2" }, ["Tarde"], wrong)), from(content.text("ok"))]);

    const list = await seen(token, "Edu", count(2));
    expect(list.map((m) => m.body)).toEqual(["Horário?", "ok"]);
    expect(list[0]!.details!.poll!.votes).toEqual([]);
  });
});

describe("events and shared products", () => {
  it("shows an event's name, dates and place, and a product as an order of one", async () => {
    const { token, open, from } = await customerChat("Lúcia", "5511933330004");
    const start = Date.UTC(2026, 11, 5, 18) / 1000;
    open.messages([
      from(
        event({
          name: "Lançamento",
          description: "Coquetel",
          start,
          place: { name: "Loja Centro", address: "Rua A, 10" },
        }),
      ),
      from(product({ id: "SKU-9", title: "Camiseta azul", price1000: 59_900, currency: "BRL", body: "tem no M?" })),
    ]);

    const [ev, order] = await seen(token, "Lúcia", count(2));
    expect(ev).toMatchObject({ mediaType: "event", body: "Lançamento" });
    expect(ev!.details!.event).toEqual({
      name: "Lançamento",
      description: "Coquetel",
      startAt: "2026-12-05T18:00:00.000Z",
      endAt: null,
      location: "Loja Centro, Rua A, 10",
      joinLink: "",
      canceled: false,
    });
    expect(order).toMatchObject({ mediaType: "order", body: "Camiseta azul" });
    expect(order!.details!.order).toEqual({
      catalogId: "5511955550000@s.whatsapp.net",
      items: [{ productId: "SKU-9", title: "Camiseta azul", quantity: 1, price: 59.9, currency: "BRL" }],
      total: { amount: 59.9, currency: "BRL" },
      note: "tem no M?",
    });
  });

  it("says how the customer answered an event the business sent", async () => {
    const number = "5511933330010";
    const own = "5511987650098";
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token, own);
    const chat = pnJid(number);
    const secret = randomBytes(32);
    const start = Date.UTC(2026, 11, 20, 12) / 1000;
    open.messages([waMessage({ chat, fromMe: true, id: "EVT1" }, event({ name: "Bazar", start, secret }))]);
    const going = proto.Message.EventResponseMessage.EventResponseType.GOING;
    const sealed = { id: "EVT1", secret, sender: pnJid(own), changer: chat };
    open.messages([waMessage({ chat, pushName: "Ulisses" }, eventResponse({ chat, id: "EVT1" }, going, sealed))]);

    const [ev, answer] = await seen(t.admin.token, "Ulisses", count(2));
    expect(ev).toMatchObject({ fromMe: true, mediaType: "event", body: "Bazar" });
    expect(answer).toMatchObject({
      mediaType: "notice",
      details: { notice: { kind: "eventResponse", reason: "GOING" } },
    });
    expect(answer!.quotedMsg).toMatchObject({ id: ev!.id });
  });

  it("marks a video note for the round player and keeps every card of a several-contacts message", async () => {
    const { token, open, from } = await customerChat("Rui", "5511933330005");
    open.messages([
      from(content.videoNote()),
      from(
        content.contacts([
          ["Ana", "5511911110000"],
          ["Bia", "5511922220000"],
        ]),
      ),
    ]);

    const [video, cards] = await seen(token, "Rui", count(2));
    expect(video).toMatchObject({ mediaType: "video", details: { videoNote: true } });
    expect(cards!.body).toMatch(/FN:Ana[\s\S]*FN:Bia/);
  });
});

describe("edits", () => {
  it("applies an encrypted edit with the original's secret and keeps the old text in the history", async () => {
    const number = "5511933330006";
    const { token, open, from } = await customerChat("Ivo", number);
    const secret = randomBytes(32);
    open.messages([from(secretText("quero 2 caixas", secret), "TXT1")]);
    await seen(token, "Ivo", count(1));
    const sealed = { id: "TXT1", secret, sender: pnJid(number), changer: pnJid(number) };
    open.messages([from(secretEdit({ chat: pnJid(number), id: "TXT1" }, "quero 3 caixas", sealed))]);
    open.messages([from(content.edit({ chat: pnJid(number), id: "TXT1" }, "quero 4 caixas"))]);

    const [edited] = await seen(token, "Ivo", (l) => l[0]?.body === "quero 4 caixas");
    expect(edited).toMatchObject({ isEdited: true });
    expect(edited!.details!.edits!.map((e) => e.body)).toEqual(["quero 2 caixas", "quero 3 caixas"]);
  });

  it("says the customer edited a message when the edit cannot be opened", async () => {
    const number = "5511933330007";
    const { token, open, from } = await customerChat("Gil", number);
    open.messages([from(secretText("endereço: rua B", randomBytes(32)), "TXT2")]);
    await seen(token, "Gil", count(1));
    const wrong = { id: "TXT2", secret: randomBytes(32), sender: pnJid(number), changer: pnJid(number) };
    open.messages([from(secretEdit({ chat: pnJid(number), id: "TXT2" }, "endereço: rua C", wrong))]);

    const [original, notice] = await seen(token, "Gil", count(2));
    expect(original).toMatchObject({ body: "endereço: rua B", isEdited: false });
    expect(notice).toMatchObject({ mediaType: "notice", details: { notice: { kind: "editUnreadable" } } });
    expect(notice!.quotedMsg).toMatchObject({ id: original!.id });
  });
});

describe("reactions as WhatsApp shows them", () => {
  it("keeps one reaction per person per message, and takes a removed one away", async () => {
    const number = "5511933330008";
    const { token, open, from } = await customerChat("Noé", number);
    open.messages([from(content.text("chegou o pedido"), "MSG1")]);
    await seen(token, "Noé", count(1));
    const target = { chat: pnJid(number), id: "MSG1" };
    open.messages([from(content.reaction(target, "👍"))]);
    open.messages([from(content.reaction(target, "❤️"))]);

    const shown = (l: MessageDto[]) => l.filter((m) => m.mediaType === "reactionMessage" && !m.isDeleted);
    const changed = await seen(token, "Noé", (l) => l.length >= 3);
    expect(shown(changed).map((m) => m.body)).toEqual(["❤️"]);

    open.messages([from(content.reaction(target, ""))]);
    const removed = await seen(token, "Noé", (l) => shown(l).length === 0);
    expect(removed.map((m) => m.body)).toEqual(["chegou o pedido", "👍", "❤️"]);
  });
});
