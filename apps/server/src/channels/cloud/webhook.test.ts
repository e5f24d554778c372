/**
 * The Cloud API webhook as Meta calls it: the subscription check, signed
 * deliveries only, every entry and change of a batch, repeats stored once,
 * and an album from a new customer making one ticket.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, inboundRejections, messages, tickets, whatsapps } from "../../db/schema/index.js";
import { encryptSecret } from "../../secrets/index.js";
import {
  buildCloudCompany,
  buildCloudConnection,
  customerNumber,
  webhookUrl,
  startCloudServer,
  stopCloudServer,
} from "../../../test/cloud-connection.js";
import { buildCompany } from "../../../test/factories.js";
import { envelope, sign, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;

beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterAll(() => stopCloudServer(s, fake));

const customer = customerNumber;
const setup = () => buildCloudCompany(s, fake);

const messagesOf = (companyId: number) => s.ctx.db.select().from(messages).where(eq(messages.companyId, companyId));
const contactsOf = (companyId: number) => s.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId));

describe("GET /webhooks/whatsapp/:connectionId (Meta's subscription check)", () => {
  it("answers hub.challenge as text when the verify token matches", async () => {
    const { connection } = await setup();
    const res = await fetch(
      `${webhookUrl(s, connection.id)}?hub.mode=subscribe&hub.verify_token=${connection.cloudVerifyToken}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("1158201444");
    // The fake runs the same check when subscribing with a verify token, as Meta's dashboard does.
    const sub = await fake.subscribe({
      phoneNumberId: connection.cloudPhoneNumberId,
      webhookUrl: webhookUrl(s, connection.id),
      appSecret: connection.cloudAppSecret,
      verifyToken: connection.cloudVerifyToken,
    });
    expect(sub.verified).toBe(true);
  });

  it("refuses a wrong token, a wrong mode and an unknown connection", async () => {
    const { connection } = await setup();
    const base = webhookUrl(s, connection.id);
    const wrongToken = await fetch(`${base}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(wrongToken.status).toBe(403);
    expect(await wrongToken.text()).not.toBe("1");
    const wrongMode = await fetch(
      `${base}?hub.mode=unsubscribe&hub.verify_token=${connection.cloudVerifyToken}&hub.challenge=1`,
    );
    expect(wrongMode.status).toBe(403);
    const unknown = await fetch(`${webhookUrl(s, 999_999)}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`);
    expect(unknown.status).toBe(404);
    const notANumber = await fetch(`${s.url}/api/webhooks/whatsapp/abc?hub.mode=subscribe&hub.challenge=1`);
    expect(notANumber.status).toBe(404);
  });

  it("never verifies a connection whose verify token is empty", async () => {
    const company = await buildCompany(s);
    const empty = await buildCloudConnection(s, fake, company.id, { cloudVerifyToken: "" });
    const res = await fetch(`${webhookUrl(s, empty.id)}?hub.mode=subscribe&hub.verify_token=&hub.challenge=1`);
    expect(res.status).toBe(403);
  });
});

describe("POST /webhooks/whatsapp/:connectionId", () => {
  it("stores a signed message and answers 200 once it is committed", async () => {
    const { company, connection } = await setup();
    const from = customer();
    const res = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from,
      name: "Ana",
      text: "Olá",
    });
    expect(res.status).toBe(200);
    const [stored] = await messagesOf(company.id);
    expect(stored).toMatchObject({ wid: res.wid, body: "Olá", fromMe: false, whatsappId: connection.id });
  });

  it("refuses unsigned, wrongly signed and misaddressed deliveries, storing nothing", async () => {
    const { company, connection } = await setup();
    const { value } = fake.customerValue({ phoneNumberId: connection.cloudPhoneNumberId, from: customer(), text: "x" });
    const payload = envelope([[value]]);
    const phoneNumberId = connection.cloudPhoneNumberId;

    const unsigned = await fake.webhook(payload, { phoneNumberId, signature: null });
    expect(unsigned.status).toBe(401);
    const badSignature = await fake.webhook(payload, {
      phoneNumberId,
      signature: sign("other body", connection.cloudAppSecret),
    });
    expect(badSignature.status).toBe(401);
    const otherSecret = await fake.webhook(payload, {
      phoneNumberId,
      signature: sign(JSON.stringify(payload), "guess"),
    });
    expect(otherSecret.status).toBe(401);
    const unknown = await fetch(webhookUrl(s, 999_999), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": sign(JSON.stringify(payload), connection.cloudAppSecret),
      },
      body: JSON.stringify(payload),
    });
    expect(unknown.status).toBe(404);

    expect(await messagesOf(company.id)).toHaveLength(0);
    expect(await contactsOf(company.id)).toHaveLength(0);
  });

  it("keeps a signed delivery it cannot read (not JSON, not a WhatsApp Business Account's) and answers 200", async () => {
    const { company, connection } = await setup();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const garbage = "{not json";
    const malformed = await fake.webhook(null, {
      phoneNumberId,
      rawBody: garbage,
      signature: sign(garbage, connection.cloudAppSecret),
    });
    expect(malformed.status).toBe(200);
    const wrongShape = await fake.webhook({ object: "page", entry: [] }, { phoneNumberId });
    expect(wrongShape.status).toBe(200);
    const kept = await s.ctx.db
      .select()
      .from(inboundRejections)
      .where(eq(inboundRejections.whatsappId, connection.id))
      .orderBy(inboundRejections.id);
    expect(kept.map((r) => [r.item, r.reason])).toEqual([
      [garbage, "the delivery is not JSON"],
      [{ object: "page", entry: [] }, expect.stringContaining("not a WhatsApp Business Account delivery: object")],
    ]);
    expect(await messagesOf(company.id)).toHaveLength(0);
  });

  it("processes every entry and change of a batched delivery", async () => {
    const { company, connection } = await setup();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const [a, b] = [customer(), customer()];
    const m = (from: string, text: string) => fake.customerValue({ phoneNumberId, from, text }).value;
    const res = await fake.webhook(envelope([[m(a, "a1"), m(b, "b1")], [m(a, "a2")]]), { phoneNumberId });
    expect(res.status).toBe(200);
    const stored = await messagesOf(company.id);
    expect(stored.map((x) => x.body).sort()).toEqual(["a1", "a2", "b1"]);
    expect(await contactsOf(company.id)).toHaveLength(2);
  });

  it("skips changes addressed to another phone number of the same Meta app", async () => {
    const { company, connection } = await setup();
    const other = fake.customerValue({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: customer(),
      text: "not ours",
    });
    (other.value.metadata as { phone_number_id: string }).phone_number_id = "111111111111";
    const res = await fake.webhook(envelope([[other.value]]), { phoneNumberId: connection.cloudPhoneNumberId });
    expect(res.status).toBe(200);
    expect(await messagesOf(company.id)).toHaveLength(0);
  });

  it("stores a repeated delivery once", async () => {
    const { company, connection } = await setup();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const { value } = fake.customerValue({ phoneNumberId, from: customer(), text: "once" });
    const payload = envelope([[value]]);
    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);
    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);
    // Even delivered twice at the same moment.
    const both = await Promise.all([
      fake.webhook(payload, { phoneNumberId }),
      fake.webhook(payload, { phoneNumberId }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await messagesOf(company.id)).toHaveLength(1);
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticket!.unreadMessages).toBe(1);
  });

  it("makes one contact and one ticket for an album of 5 concurrent deliveries from a new customer", async () => {
    const { company, connection } = await setup();
    const from = customer();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        fake.customerMessage({
          phoneNumberId: connection.cloudPhoneNumberId,
          from,
          name: "Album",
          image: { caption: `photo ${n}` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const people = await contactsOf(company.id);
    expect(people).toHaveLength(1);
    const ticketRows = await s.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, company.id), eq(tickets.contactId, people[0]!.id)));
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]!.unreadMessages).toBe(5);
    const stored = await messagesOf(company.id);
    expect(stored).toHaveLength(5);
    expect(new Set(stored.map((m) => m.ticketId))).toEqual(new Set([ticketRows[0]!.id]));
    expect(stored.every((m) => m.mediaPath)).toBe(true);
  });

  it("stores the message at once when its media download fails, the file left to a later fetch", async () => {
    const { company, connection } = await setup();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const { value } = fake.customerValue({ phoneNumberId, from: customer(), image: { caption: "depois" } });
    (value.messages as { image: { id: string } }[])[0]!.image.id = "404404404";
    expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status).toBe(200);
    // Meta's repeat of the same delivery stores nothing twice.
    expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status).toBe(200);
    expect((await messagesOf(company.id)).map((m) => [m.body, m.mediaType, m.mediaPath])).toEqual([
      ["depois", "image", null],
    ]);
  });

  it("checks signatures with the app secret of the connection's last save", async () => {
    const { company, connection } = await setup();
    const phoneNumberId = connection.cloudPhoneNumberId;
    const payload = () =>
      envelope([[fake.customerValue({ phoneNumberId, from: customer(), text: "depois da troca" }).value]]);
    await s.ctx.db
      .update(whatsapps)
      .set({ cloudAppSecret: encryptSecret("rotated-secret") })
      .where(eq(whatsapps.id, connection.id));
    // The connections service restarts the driver after every save.
    await s.ctx.channels.refresh(connection.id);
    const old = payload();
    const signedWithOld = await fake.webhook(old, {
      phoneNumberId,
      signature: sign(JSON.stringify(old), connection.cloudAppSecret),
    });
    expect(signedWithOld.status).toBe(401);
    const current = payload();
    const signedWithNew = await fake.webhook(current, {
      phoneNumberId,
      signature: sign(JSON.stringify(current), "rotated-secret"),
    });
    expect(signedWithNew.status).toBe(200);
    expect(await messagesOf(company.id)).toHaveLength(1);
  });

  it("stores deliveries while the connection is not running (disconnected), as long as the signature holds", async () => {
    const company = await buildCompany(s);
    const connection = await buildCloudConnection(s, fake, company.id);
    const say = (text: string) =>
      fake.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, from: customer(), text });
    await s.ctx.channels.disconnectSession(connection.id);
    expect(s.ctx.channels.runningDriver(connection.id)).toBeUndefined();
    expect((await say("later")).status).toBe(200);
    await s.ctx.channels.refresh(connection.id);
    expect((await say("now")).status).toBe(200);
    expect((await messagesOf(company.id)).map((m) => m.body)).toEqual(["later", "now"]);
  });
});
