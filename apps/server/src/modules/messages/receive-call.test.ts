/**
 * Calls (SERVER-BEHAVIOUR "Calls"): missed calls logged on the contact's
 * ticket, and the `call` setting refusing calls with an automatic text. The
 * connection is a Cloud one on the fake Graph API so the automatic text is
 * really sent; the call events are what the Baileys driver reports.
 */
import type { MessageDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOf } from "../../channels/baileys/calls.js";
import type { InboundCall } from "../../channels/driver.js";
import { contacts, tickets } from "../../db/schema/index.js";
import { callEvent, lidJid, pnJid } from "../../../test/baileys-messages.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { until } from "../../../test/sockets.js";
import type { TestServer } from "../../../test/harness.js";
import { receiveCall } from "./receive-call.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterAll(() => stopCloudServer(s, fake));

// 14:05 in São Paulo (UTC-3), the default timezone.
const at = new Date("2026-11-22T17:05:00Z");
let seq = 0;
const newNumber = () => `55219${String(++seq).padStart(8, "0")}`;
const refusal =
  "*Mensagem Automática:*\nAs chamadas de voz e vídeo não são aceitas neste número. Por favor, envie uma mensagem de texto.";

/** What the driver sees: whether the call rules rejected the call. */
async function received(call: InboundCall, connection: Parameters<typeof receiveCall>[1]) {
  let reject = false;
  await receiveCall(s.ctx, connection, call, () => {
    reject = true;
    return Promise.resolve();
  });
  return { reject };
}

async function company(settings: Record<string, string> = {}) {
  const tenant = await buildTenant(s);
  for (const [key, value] of Object.entries(settings)) {
    const res = await s.request({
      method: "PUT",
      path: `/settings/${key}`,
      token: tenant.admin.token,
      body: { key, value },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const connection = await buildCloudConnection(s, fake, tenant.company.id);
  const number = newNumber();
  const call = (outcome: InboundCall["outcome"], extra: Partial<InboundCall> = {}) =>
    received(
      { callId: "CALL-1", chatNumber: number, chatName: number, isVideo: false, isGroup: false, outcome, at, ...extra },
      connection,
    );
  const conversation = async () => {
    const [ticket] = await s.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.companyId, tenant.company.id), eq(contacts.number, number)));
    if (!ticket) return [];
    const res = await s.request({ path: `/messages/${ticket.id}`, token: tenant.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ messages: MessageDto[] }>().messages;
  };
  const sentTo = () => fake.sent.filter((r) => r.to === number);
  return { ...tenant, connection, number, call, conversation, sentTo };
}

describe("calls refused (the call setting disabled, the default)", () => {
  it("rejects the offer, logs it as missed and tells the caller, once", async () => {
    const t = await company();
    expect(await t.call("offer")).toEqual({ reject: true });
    // The notice goes out from a job after the log's commit.
    await fake.waitForSent(1, t.number);
    await until(async () => (await t.conversation())[1]?.ack === 2);
    const messages = await t.conversation();
    expect(messages.map((m) => [m.mediaType, m.fromMe, m.body])).toEqual([
      ["call_log", false, "Chamada de voz perdida às 14:05"],
      ["chat", true, refusal],
    ]);
    expect(messages[0]).toMatchObject({ wid: "call-CALL-1", contact: { number: t.number } });
    expect(messages[1]).toMatchObject({ userId: null, ack: 2, sendError: null });
    expect(t.sentTo()).toHaveLength(1);
    expect(t.sentTo()[0]!.body).toMatchObject({ type: "text", text: { body: refusal } });

    // The same offer again, and the call's end after the refusal: nothing new.
    expect(await t.call("offer")).toEqual({ reject: true });
    expect(await t.call("missed")).toEqual({ reject: false });
    expect((await t.conversation()).map((m) => m.id)).toEqual(messages.map((m) => m.id));
    expect(t.sentTo()).toHaveLength(1);
  });
});

describe("calls accepted (the call setting enabled)", () => {
  it("an offer does nothing; a missed call is logged once, video worded as video", async () => {
    const t = await company({ call: "enabled" });
    expect(await t.call("offer", { isVideo: true })).toEqual({ reject: false });
    expect(await t.conversation()).toEqual([]);
    expect(await t.call("missed", { isVideo: true })).toEqual({ reject: false });
    expect(await t.call("missed", { isVideo: true })).toEqual({ reject: false });
    const messages = await t.conversation();
    expect(messages.map((m) => [m.mediaType, m.body])).toEqual([["call_log", "Chamada de vídeo perdida às 14:05"]]);
    expect(t.sentTo()).toHaveLength(0);
    // Another call is another log.
    await t.call("missed", { callId: "CALL-2" });
    expect((await t.conversation()).map((m) => m.body)).toEqual([
      "Chamada de vídeo perdida às 14:05",
      "Chamada de voz perdida às 14:05",
    ]);
  });

  it("tells the time in the company's time zone", async () => {
    const t = await company({ call: "enabled", timezone: "Europe/Lisbon" });
    await t.call("missed");
    expect((await t.conversation()).map((m) => m.body)).toEqual(["Chamada de voz perdida às 17:05"]);
  });
});

describe("a WhatsApp Web call event", () => {
  it("is logged under the caller's number when the call comes from a LID", async () => {
    const t = await company({ call: "enabled" });
    const ended = callOf(
      callEvent("timeout", { id: "WEB-1", from: lidJid("70000000000009"), callerPn: pnJid(t.number), date: at }),
    );
    expect(await received(ended!, t.connection)).toEqual({ reject: false });
    expect((await t.conversation()).map((m) => [m.wid, m.body])).toEqual([
      ["call-WEB-1", "Chamada de voz perdida às 14:05"],
    ]);
  });
});

describe("group calls", () => {
  it("are ignored, even while calls are refused", async () => {
    const t = await company();
    expect(await t.call("offer", { isGroup: true })).toEqual({ reject: false });
    expect(await t.call("missed", { isGroup: true })).toEqual({ reject: false });
    expect(await t.conversation()).toEqual([]);
    expect(await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id))).toHaveLength(0);
  });
});
