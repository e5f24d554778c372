/**
 * Status callbacks about messages we sent (core-platform §4.2): acks only
 * rise, a failure keeps the message with its sendError, and the agent's
 * screen gets each change.
 */
import { channels, type MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterEach(() => closeAllSockets());
afterAll(() => stopCloudServer(s, fake));

/**
 * A customer's ticket and one message we sent on it, stored the way the
 * message service does: persisted, sent through the driver, its wid kept.
 */
async function sentMessage() {
  const tenant = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, tenant.company.id);
  const from = `55319${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const inbound = await fake.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, from, text: "oi" });
  const [customerMessage] = await s.ctx.db.select().from(messages).where(eq(messages.wid, inbound.wid!));
  const [row] = await s.ctx.db
    .insert(messages)
    .values({
      companyId: tenant.company.id,
      ticketId: customerMessage!.ticketId,
      whatsappId: connection.id,
      fromMe: true,
      read: true,
      body: "Olá! Como posso ajudar?",
    })
    .returning();
  const sent = await s.ctx.channels
    .driverFor(connection.id)
    .sendText({ chatNumber: from, isGroup: false, body: row!.body });
  await s.ctx.db.update(messages).set({ wid: sent.wid }).where(eq(messages.id, row!.id));

  const socket = await connectSocket(s, tenant.admin.token);
  await joinRoom(socket, "joinNotification");
  const updates = record<{ action: string; message: MessageDto }>(socket, channels.appMessage(tenant.company.id));
  const status = async (status: "sent" | "delivered" | "read" | "failed") => {
    const res = await fake.status({ wid: sent.wid, status });
    expect(res.status).toBe(200);
    await flush(s, socket);
  };
  const stored = async () => (await s.ctx.db.select().from(messages).where(eq(messages.id, row!.id)))[0]!;
  return { ...tenant, connection, wid: sent.wid, status, stored, updates };
}

describe("status callbacks", () => {
  it("raise the ack sent → delivered → read and never lower it", async () => {
    const t = await sentMessage();
    await t.status("sent");
    await t.status("read");
    await t.status("delivered");
    await t.status("sent");
    expect((await t.stored()).ack).toBe(4);
    // Only the changes reach the screen.
    expect(t.updates.map((u) => [u.action, u.message.ack])).toEqual([
      ["update", 2],
      ["update", 4],
    ]);
  });

  it("keep a failed message with the provider's reason as sendError", async () => {
    const t = await sentMessage();
    await t.status("failed");
    const row = await t.stored();
    expect(row).toMatchObject({
      ack: 1,
      sendError: "Message undeliverable (#131026)",
      body: "Olá! Como posso ajudar?",
    });
    expect(t.updates.at(-1)!.message).toMatchObject({ sendError: "Message undeliverable (#131026)", fromMe: true });
    // The same failure again changes nothing.
    await t.status("failed");
    expect(t.updates).toHaveLength(1);
  });

  it("about a message we do not know change nothing", async () => {
    const t = await sentMessage();
    const res = await fake.status({
      wid: "wamid.UNKNOWN",
      status: "read",
      phoneNumberId: t.connection.cloudPhoneNumberId,
    });
    expect(res.status).toBe(200);
    expect((await t.stored()).ack).toBe(1);
    expect(t.updates).toHaveLength(0);
  });
});
