/**
 * The validity of a list's numbers through a WhatsApp Web (Baileys)
 * connection: the check asks the socket's onWhatsApp as the real service is
 * asked, one number at a time at the pace, and a number WhatsApp does not know is marked
 * invalid.
 */
import { contactListLimits } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addItem, createList, itemsOf } from "../../../test/contact-lists.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { createWebConnection, pair } from "../../../test/whatsapp-web.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("contact list validity through WhatsApp Web", () => {
  it("marks the numbers WhatsApp knows valid and the others invalid", async () => {
    const t = await buildTenant(s);
    const connection = await createWebConnection(s, t.admin.token, { isDefault: true });
    const socket = await pair(s, connection);
    socket.registered.set("5511987650001", true);
    const asked: string[] = [];
    const askedAt: number[] = [];
    const onWhatsApp = socket.onWhatsApp;
    socket.onWhatsApp = (...jids: string[]) => {
      asked.push(...jids);
      askedAt.push(Date.now());
      return onWhatsApp(...jids);
    };
    const list = await createList(s, t.agent.token);
    await addItem(s, t.agent.token, list.id, { name: "Registered", number: "5511987650001" });
    await addItem(s, t.agent.token, list.id, { name: "Unknown", number: "5511987650002" });
    await until(
      async () => (await itemsOf(s, t.agent.token, list.id)).contacts.every((c) => c.isWhatsappValid !== null),
      10_000,
    );
    const { contacts } = await itemsOf(s, t.agent.token, list.id);
    expect(contacts.map((c) => [c.name, c.isWhatsappValid])).toEqual([
      ["Registered", true],
      ["Unknown", false],
    ]);
    expect(asked).toEqual(["5511987650001@s.whatsapp.net", "5511987650002@s.whatsapp.net"]);
    // Paced: one number at a time, checkPaceMs apart (WhatsApp blocks bursts of lookups).
    expect(askedAt[1]! - askedAt[0]!).toBeGreaterThanOrEqual(contactListLimits.checkPaceMs - 5);
  });
});
