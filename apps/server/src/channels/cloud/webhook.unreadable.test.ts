/**
 * Issue 19: nothing of a signed delivery is refused for one item. An item
 * the server cannot read (a message without an id, an entry without changes) is kept whole with the reason while
 * the rest is stored, and a customer's text holding a NUL or a lone surrogate
 * is stored with U+FFFD in its place. Payloads follow Meta's documented
 * samples for the "messages" field, with our own ids.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, inboundRejections, messages } from "../../db/schema/index.js";
import { buildCloudCompany, cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { envelope, newWamid, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const customer = customerNumber;
const setup = () => buildCloudCompany(s, fake);

const bodiesOf = async (companyId: number) =>
  (await s.ctx.db.select().from(messages).where(eq(messages.companyId, companyId))).map((m) => m.body).sort();
const rejectionsOf = (whatsappId: number) =>
  s.ctx.db
    .select()
    .from(inboundRejections)
    .where(eq(inboundRejections.whatsappId, whatsappId))
    .orderBy(inboundRejections.id);

describe("POST /webhooks/whatsapp/:connectionId with items it cannot read", () => {
  it("stores the good messages of a mixed delivery, keeps the unreadable items with their reason, and a repeat adds nothing", async () => {
    const { company, connection, phoneNumberId } = await setup();
    const first = fake.customerValue({ phoneNumberId, from: customer(), name: "Ana", text: "primeira" }).value;
    const second = fake.customerValue({ phoneNumberId, from: customer(), name: "Bia", text: "segunda" }).value;
    // Meta's text message without its id (and a NUL inside, kept as it can be).
    const noId = { from: customer(), timestamp: "1750000000", type: "text", text: { body: "sem id\u0000" } };
    (first.messages as unknown[]).push(noId);
    const payload = envelope([[first], [second]]);
    payload.entry.push({ id: "102290129340398", changes: "not a list" } as never);

    const res = await fake.webhook(payload, { phoneNumberId });
    expect(res.status).toBe(200);
    expect(await bodiesOf(company.id)).toEqual(["primeira", "segunda"]);
    const kept = await rejectionsOf(connection.id);
    expect(kept.map((r) => [r.companyId, r.provider, r.reason])).toEqual([
      [company.id, "cloud", expect.stringMatching(/^unreadable entry: changes: /)],
      [company.id, "cloud", expect.stringMatching(/^unreadable message: id: /)],
    ]);
    expect(kept[1]!.item).toEqual({ ...noId, text: { body: "sem id\uFFFD" } });

    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);
    expect(await bodiesOf(company.id)).toEqual(["primeira", "segunda"]);
    expect(await rejectionsOf(connection.id)).toHaveLength(2);
  });

  it("answers 500 when an unreadable item cannot be kept (a database fault), so Meta delivers again; the retry keeps it once", async () => {
    const { company, connection, phoneNumberId } = await setup();
    const good = fake.customerValue({ phoneNumberId, from: customer(), text: "boa" }).value;
    (good.messages as unknown[]).push({ from: customer(), type: "text", text: { body: "sem id" } });
    const payload = envelope([[good]]);
    await s.ctx.db.execute(sql`alter table inbound_rejections rename to inbound_rejections_away`);
    try {
      expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(500);
    } finally {
      await s.ctx.db.execute(sql`alter table inbound_rejections_away rename to inbound_rejections`);
    }
    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);
    expect(await bodiesOf(company.id)).toEqual(["boa"]);
    expect(await rejectionsOf(connection.id)).toHaveLength(1);
  });

  it("keeps a message of a kind it does not store yet, and an unreadable status, naming them", async () => {
    const { company, connection, phoneNumberId } = await setup();
    // Meta's "request_welcome" (a customer opened the chat for the first time): no message to show.
    const welcome = { from: customer(), id: newWamid(), timestamp: "1750000000", type: "request_welcome" };
    const status = { status: "delivered", timestamp: "1750000000" };
    const value = {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
      messages: [welcome],
      statuses: [status],
    };
    expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status).toBe(200);
    expect((await rejectionsOf(connection.id)).map((r) => [r.item, r.reason])).toEqual([
      [welcome, 'messages of type "request_welcome" are not stored yet'],
      [status, expect.stringMatching(/^unreadable status: id: /)],
    ]);
    expect(await bodiesOf(company.id)).toEqual([]);
  });

  it("stores a message whose text, caption and contact name hold a NUL or a lone surrogate, with U+FFFD in their place", async () => {
    const { company, phoneNumberId } = await setup();
    const from = customer();
    const text = await fake.customerMessage({ phoneNumberId, from, name: "Jo\u0000ão", text: "a\u0000b\ud800c" });
    expect(text.status).toBe(200);
    const photo = await fake.customerMessage({ phoneNumberId, from, image: { caption: "foto\u0000" } });
    expect(photo.status).toBe(200);
    const stored = await s.ctx.db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(stored.map((m) => m.body).sort()).toEqual(["a\uFFFDb\uFFFDc", "foto\uFFFD"]);
    expect(stored.find((m) => m.wid === text.wid)!.providerData).toMatchObject({ text: { body: "a\uFFFDb\uFFFDc" } });
    const [person] = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(person).toMatchObject({ name: "Jo\uFFFDão", number: from });
  });

  it("keeps a signed delivery that is JSON but not an object (null, an array, a scalar) and answers 200 (issue 29 item 10)", async () => {
    const { company, connection, phoneNumberId } = await setup();
    const shapes = ["null", "[]", "[1]", "1", '"x"', "true"];
    for (const rawBody of shapes) {
      expect((await fake.webhook(undefined, { phoneNumberId, rawBody })).status, rawBody).toBe(200);
    }
    const kept = await rejectionsOf(connection.id);
    expect(kept.map((r) => JSON.stringify(r.item))).toEqual(shapes);
    expect(kept.every((r) => r.companyId === company.id && r.reason.startsWith("not a WhatsApp"))).toBe(true);
    expect(await bodiesOf(company.id)).toEqual([]);
  });
});
