/**
 * Issue 19 item 3 on the Cloud API: unsupported kinds, orders, the ad a
 * message came from and forwarded marks reach the agent, once per message id,
 * with a contact and a ticket made when needed. Payloads are Meta's documented
 * samples (test/fake-graph-kinds.ts) with our own ids, through the signed
 * webhook route; what is asserted is what GET /messages/:ticketId shows.
 * Number changes: webhook.number-change.test.ts.
 */
import type { MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { envelope, type FakeGraph } from "../../../test/fake-graph.js";
import {
  adReferral,
  kindValue,
  orderMessage,
  textMessage,
  unsupportedMessage,
} from "../../../test/fake-graph-kinds.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

async function setup() {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id);
  const phoneNumberId = connection.cloudPhoneNumberId;
  const from = customerNumber();
  /** Posts the messages as one signed delivery from the customer; Meta's answer must be 200. */
  const deliver = async (...items: Record<string, unknown>[]) => {
    const res = await fake.webhook(envelope([[kindValue(phoneNumberId, items, { waId: from, name: "Ana" })]]), {
      phoneNumberId,
    });
    expect(res.status).toBe(200);
  };
  /** The message as the agent's list shows it (the company's admin sees every ticket). */
  const seen = async (wid: unknown): Promise<MessageDto> => {
    const [row] = await s.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.wid, String(wid)));
    if (!row) throw new Error(`message ${String(wid)} not stored`);
    const res = await s.request({ path: `/messages/${row.ticketId}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ messages: MessageDto[] }>().messages.find((m) => m.id === row.id)!;
  };
  const counts = async () => ({
    messages: (await s.ctx.db.select().from(messages).where(eq(messages.companyId, t.company.id))).length,
    tickets: (await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, t.company.id))).length,
    contacts: (await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id))).length,
  });
  return { t, from, deliver, seen, counts };
}

describe("Cloud API unsupported messages", () => {
  it.each([
    ["poll_creation", 131051, "Message type unknown — Message type is currently not supported. (#131051)"],
    ["poll_update", 131051, "Message type unknown — Message type is currently not supported. (#131051)"],
    ["edit", 131051, "Message type unknown — Message type is currently not supported. (#131051)"],
    [undefined, 131051, "Message type unknown — Message type is currently not supported. (#131051)"],
    [undefined, 131060, "This message is currently unavailable. (#131060)"],
  ] as const)(
    "kind %s (error %i): a new customer's contact and ticket, a notice naming the kind and WhatsApp's reason, once",
    async (kind, code, reason) => {
      const { from, deliver, seen, counts } = await setup();
      const message = unsupportedMessage(from, { kind, code });
      await deliver(message);
      const shown = await seen(message.id);
      expect(shown).toMatchObject({
        fromMe: false,
        mediaType: "unsupported",
        body: kind ?? "unknown",
        details: { notice: { kind: kind ?? "unknown", reason } },
        contact: { name: "Ana", number: from },
      });
      expect(await counts()).toEqual({ messages: 1, tickets: 1, contacts: 1 });
      await deliver(message);
      expect(await counts()).toEqual({ messages: 1, tickets: 1, contacts: 1 });
    },
  );
});

describe("Cloud API orders", () => {
  it("shows the items, the total in their one currency and the customer's note; a repeat stores nothing", async () => {
    const { from, deliver, seen, counts } = await setup();
    const message = orderMessage(
      from,
      [
        { product_retailer_id: "suc-echeveria", quantity: 2, item_price: 19.9, currency: "BRL" },
        { product_retailer_id: "vaso-p", quantity: 3, item_price: 0.1, currency: "BRL" },
      ],
      "Entregar depois das 18h",
    );
    await deliver(message);
    expect(await seen(message.id)).toMatchObject({
      mediaType: "order",
      body: "Entregar depois das 18h",
      details: {
        order: {
          catalogId: "194836987003835",
          items: [
            { productId: "suc-echeveria", title: "", quantity: 2, price: 19.9, currency: "BRL" },
            { productId: "vaso-p", title: "", quantity: 3, price: 0.1, currency: "BRL" },
          ],
          total: { amount: 40.1, currency: "BRL" },
          note: "Entregar depois das 18h",
        },
      },
    });
    await deliver(message);
    expect(await counts()).toEqual({ messages: 1, tickets: 1, contacts: 1 });
  });

  it("has no total when the items come in different currencies, and without a note its body lists the items", async () => {
    const { from, deliver, seen } = await setup();
    const message = orderMessage(from, [
      { product_retailer_id: "sku-1", quantity: 1, item_price: 10, currency: "USD" },
      { product_retailer_id: "sku-2", quantity: 4, item_price: 5, currency: "EUR" },
    ]);
    await deliver(message);
    const shown = await seen(message.id);
    expect(shown).toMatchObject({ mediaType: "order", body: "1× sku-1, 4× sku-2" });
    expect(shown.details?.order).toMatchObject({ total: null, note: "" });
    expect(shown.details?.order?.items).toHaveLength(2);
  });
});

describe("Cloud API ads and forwarded marks", () => {
  it("shows the click-to-WhatsApp ad a message came from (headline, text, link)", async () => {
    const { from, deliver, seen } = await setup();
    const message = textMessage(from, "Quero saber mais", { referral: adReferral });
    await deliver(message);
    expect(await seen(message.id)).toMatchObject({
      mediaType: "chat",
      body: "Quero saber mais",
      details: {
        referral: {
          headline: "Chat with us",
          body: "Summer succulents are here!",
          sourceUrl: "https://fb.me/3cr4Wqqkv",
          sourceType: "ad",
        },
      },
    });
  });

  it("keeps a message whose ad does not read, without the ad", async () => {
    const { from, deliver, seen } = await setup();
    const message = textMessage(from, "oi", { referral: { headline: 42 } });
    await deliver(message);
    expect(await seen(message.id)).toMatchObject({ body: "oi", details: null });
  });

  it("marks forwarded and frequently forwarded messages, and an unsupported kind can carry the ad too", async () => {
    const { from, deliver, seen } = await setup();
    const forwarded = textMessage(from, "olha isso", { context: { forwarded: true } });
    const often = textMessage(from, "corrente", { context: { forwarded: true, frequently_forwarded: true } });
    const plain = textMessage(from, "só texto");
    const fromAd: Record<string, unknown> = {
      ...unsupportedMessage(from, { kind: "poll_creation" }),
      referral: adReferral,
    };
    await deliver(forwarded, often, plain, fromAd);
    expect((await seen(forwarded.id)).details).toEqual({ forwarded: "forwarded" });
    expect((await seen(often.id)).details).toEqual({ forwarded: "frequently" });
    expect((await seen(plain.id)).details).toBeNull();
    expect((await seen(fromAd.id)).details).toMatchObject({
      notice: { kind: "poll_creation" },
      referral: { headline: "Chat with us" },
    });
  });
});
