/**
 * What the Cloud API never sends but the WhatsApp Web driver will: group
 * messages, edits, revokes and messages sent from the phone. They enter
 * through the pipeline's own entry point with a normalised InboundMessage,
 * exactly as a driver hands them over.
 */
import { channels, type MessageDto, type TicketDto } from "@balcao/contracts";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { InboundMessage } from "../../channels/driver.js";
import { contacts, messages, whatsapps } from "../../db/schema/index.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";
import { ingest } from "./ingest.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s?.close();
});

type AppMessage = { action: string; message: MessageDto; ticket: TicketDto };

async function company() {
  const tenant = await buildTenant(s);
  const [connection] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId: tenant.company.id, name: "Phone", provider: "beta" })
    .returning();
  const socket = await connectSocket(s, tenant.admin.token);
  await joinRoom(socket, "joinNotification");
  const seen = record<AppMessage>(socket, channels.appMessage(tenant.company.id));
  const receive = async (m: Partial<InboundMessage>) => {
    const inbound: InboundMessage = {
      wid: randomBytes(10).toString("hex").toUpperCase(),
      chatNumber: "5511999990000",
      isGroup: false,
      chatName: "Cliente",
      fromMe: false,
      mediaType: "chat",
      body: "",
      timestamp: new Date(),
      ...m,
    };
    await ingest(s.ctx, connection!, inbound);
    await flush(s, socket);
    return inbound.wid;
  };
  return { ...tenant, connection: connection!, seen, receive };
}

const setGroupSetting = (token: string, value: "enabled" | "disabled") =>
  s.request({
    method: "PUT",
    path: "/settings/CheckMsgIsGroup",
    token,
    body: { key: "CheckMsgIsGroup", value },
  });

describe("group messages", () => {
  const group = { chatNumber: "120363025246125486", isGroup: true, chatName: "Equipe Vendas" };

  it("are ignored while CheckMsgIsGroup is enabled (the default)", async () => {
    const t = await company();
    await t.receive({ ...group, sender: { number: "5511988880001", name: "Ana" }, body: "oi grupo" });
    expect(t.seen).toHaveLength(0);
    expect(await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id))).toHaveLength(0);
  });

  it("make the group a contact and show each participant as the sender when enabled", async () => {
    const t = await company();
    expect((await setGroupSetting(t.admin.token, "disabled")).statusCode).toBe(200);
    await t.receive({ ...group, sender: { number: "5511988880001", name: "Ana" }, body: "bom dia" });
    await t.receive({ ...group, sender: { number: "5511988880002", name: "Beto" }, body: "bom dia!" });
    const [first, second] = t.seen.map((e) => e.message);
    expect(first!.contact).toMatchObject({ name: "Ana", number: "5511988880001" });
    expect(second!.contact).toMatchObject({ name: "Beto", number: "5511988880002" });
    expect(first!.ticketId).toBe(second!.ticketId);
    expect(t.seen[1]!.ticket).toMatchObject({
      isGroup: true,
      unreadMessages: 2,
      contact: { name: "Equipe Vendas", number: group.chatNumber, isGroup: true },
    });
  });
});

describe("reactions in a group", () => {
  const group = { chatNumber: "120363025246125487", isGroup: true, chatName: "Clientes" };

  it("replace only the same participant's reaction: another's stays", async () => {
    const t = await company();
    expect((await setGroupSetting(t.admin.token, "disabled")).statusCode).toBe(200);
    const ana = { number: "5511988880011", name: "Ana" };
    const beto = { number: "5511988880012", name: "Beto" };
    const target = await t.receive({ ...group, sender: ana, body: "promoção amanhã" });
    const react = (sender: typeof ana, emoji: string) =>
      t.receive({
        ...group,
        sender,
        mediaType: "reactionMessage",
        body: emoji,
        reaction: { emoji, targetWid: target },
      });
    await react(ana, "👍");
    await react(beto, "😮");
    await react(ana, "❤️");
    const rows = await s.ctx.db.select().from(messages).where(eq(messages.companyId, t.company.id));
    const shown = rows.filter((m) => m.mediaType === "reactionMessage" && !m.isDeleted).map((m) => m.body);
    expect(shown.sort()).toEqual(["❤️", "😮"].sort());
    expect(t.seen.filter((e) => e.action === "update").map((e) => e.message.body)).toEqual(["👍"]);
  });
});

describe("edits, revokes and the phone", () => {
  it("an edit replaces the body of the original, marks it edited and keeps each old text", async () => {
    const t = await company();
    const wid = await t.receive({ body: "preço 10" });
    await t.receive({ editOfWid: wid, body: "preço 12" });
    await t.receive({ editOfWid: wid, body: "preço 13" });
    expect(t.seen.map((e) => e.action)).toEqual(["create", "update", "update"]);
    expect(t.seen[2]!.message).toMatchObject({ id: t.seen[0]!.message.id, body: "preço 13", isEdited: true });
    expect(t.seen[2]!.message.details!.edits!.map((e) => e.body)).toEqual(["preço 10", "preço 12"]);
    const rows = await s.ctx.db.select().from(messages).where(eq(messages.companyId, t.company.id));
    expect(rows).toHaveLength(1);
  });

  it("a revoke marks the original deleted and keeps its text for the agents", async () => {
    const t = await company();
    const wid = await t.receive({ body: "mensagem apagada depois" });
    await t.receive({ revokeOfWid: wid });
    expect(t.seen[1]!.message).toMatchObject({ body: "mensagem apagada depois", isDeleted: true });
    // An edit or revoke of a message never stored changes nothing.
    await t.receive({ revokeOfWid: "UNKNOWN" });
    expect(t.seen).toHaveLength(2);
  });

  it("a message sent from the phone is stored as ours and clears the unread count", async () => {
    const t = await company();
    await t.receive({ body: "oi" });
    await t.receive({ body: "alô?" });
    await t.receive({ fromMe: true, body: "Olá! Já vou ver." });
    const last = t.seen.at(-1)!;
    expect(last.message).toMatchObject({ fromMe: true, contact: null, ack: 2, body: "Olá! Já vou ver." });
    expect(last.ticket).toMatchObject({ unreadMessages: 0, lastMessage: "Olá! Já vou ver." });
  });
});
