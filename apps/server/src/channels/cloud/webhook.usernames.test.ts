/**
 * Issue 19 item 2 on the Cloud API: a customer with a WhatsApp username may
 * come with a business-scoped user id (BSUID) and no number (Meta's
 * "Business-scoped user IDs": contacts[].user_id, parent_user_id,
 * profile.username; messages[].from_user_id; statuses' recipient_user_id).
 * Such a customer is one contact and one ticket, answered with `recipient`,
 * and the same contact once the number shows. Through the real, signed webhook
 * route; payloads rebuilt from Meta's samples with our own ids.
 */
import type { ContactDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, inboundRejections, messages, tickets } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { envelope, newWamid, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { messageForm, postForm } from "../../../test/messages.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

let serial = 0;
/** A BSUID as Meta writes them: country code, a period, digits. */
const newBsuid = () => `BR.${Date.now()}${String(++serial).padStart(6, "0")}`;

async function setup() {
  const tenant = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, tenant.company.id);
  return { tenant, companyId: tenant.company.id, connection, phoneNumberId: connection.cloudPhoneNumberId };
}

const contactsOf = (companyId: number) =>
  s.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(contacts.id);
const ticketsOf = (companyId: number) => s.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const bodiesOf = async (companyId: number) =>
  (await s.ctx.db.select().from(messages).where(eq(messages.companyId, companyId))).map((m) => m.body).sort();

describe("a customer known by business-scoped user id (WhatsApp username)", () => {
  it("makes one contact and ticket for a username-only customer, answered by `recipient`, its status raising the ack", async () => {
    const { tenant, companyId, phoneNumberId } = await setup();
    const userId = newBsuid();
    const first = await fake.customerMessage({ phoneNumberId, userId, username: "carla.s", name: "", text: "oi" });
    expect(first.status).toBe(200);
    const repeat = await fake.webhook(
      envelope([[fake.customerValue({ phoneNumberId, userId, username: "carla.s", id: first.wid, text: "oi" }).value]]),
      { phoneNumberId },
    );
    expect(repeat.status).toBe(200);

    const [person, ...others] = await contactsOf(companyId);
    expect(others).toEqual([]);
    expect(person).toMatchObject({ number: "", userId, username: "carla.s", name: "@carla.s" });
    const [ticket] = await ticketsOf(companyId);
    expect(ticket).toMatchObject({ contactId: person!.id, status: "pending", unreadMessages: 1 });
    expect(await bodiesOf(companyId)).toEqual(["oi"]);

    await s.ctx.db.update(tickets).set({ status: "open", userId: tenant.admin.id }).where(eq(tickets.id, ticket!.id));
    const reply = await s.request({
      method: "POST",
      path: `/messages/${ticket!.id}`,
      token: tenant.admin.token,
      body: { body: "Olá, Carla!" },
    });
    expect(reply.statusCode).toBe(200);
    const [sent] = await fake.waitForSent(1, userId);
    expect(sent!.body).toMatchObject({ recipient: userId, type: "text", text: { body: "Olá, Carla!" } });
    expect(sent!.body).not.toHaveProperty("to");

    // A file too: uploaded, then sent by its media id to the same recipient.
    const pdf = { name: "pedido.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n") };
    const file = await postForm(s, tenant.admin.token, ticket!.id, messageForm([pdf]));
    expect(file.statusCode, file.body).toBe(200);
    const [, document] = await fake.waitForSent(2, userId);
    expect(document!.body).toMatchObject({ recipient: userId, type: "document" });
    expect(document!.body).not.toHaveProperty("to");

    const status = await fake.status({ wid: sent!.id, status: "delivered" });
    expect(status.status).toBe(200);
    const [stored] = await s.ctx.db.select().from(messages).where(eq(messages.wid, sent!.id));
    expect(stored!.ack).toBe(3);
  });

  it("gives the username-only contact its number when a later message carries wa_id and user_id, telling the contacts page", async () => {
    const { tenant, companyId, phoneNumberId } = await setup();
    const userId = newBsuid();
    const parentUserId = `BR.ENT.${Date.now()}`;
    const socket = await connectSocket(s, tenant.admin.token);
    const events = record<{ action: string; contact: ContactDto }>(socket, `company-${companyId}-contact`);
    await fake.customerMessage({ phoneNumberId, userId, username: "davi", name: "Davi", text: "sem número" });
    const number = customerNumber();
    const later = await fake.customerMessage({
      phoneNumberId,
      from: number,
      userId,
      parentUserId,
      name: "Davi",
      text: "com número",
    });
    expect(later.status).toBe(200);

    const people = await contactsOf(companyId);
    expect(people.map((c) => [c.name, c.number, c.userId, c.parentUserId, c.username])).toEqual([
      ["Davi", number, userId, parentUserId, "davi"],
    ]);
    const [ticket, ...more] = await ticketsOf(companyId);
    expect(more).toEqual([]);
    expect(ticket!.unreadMessages).toBe(2);
    await flush(s, socket);
    expect(events.map((e) => [e.action, e.contact.number, e.contact.userId, e.contact.username])).toEqual([
      ["create", "", userId, "davi"],
      ["update", number, userId, "davi"],
    ]);
  });

  it("gives a phone contact its user id and username, and finds it by either afterwards", async () => {
    const { companyId, phoneNumberId } = await setup();
    const number = customerNumber();
    await fake.customerMessage({ phoneNumberId, from: number, name: "Eva", text: "antes dos usernames" });
    const userId = newBsuid();
    await fake.customerMessage({
      phoneNumberId,
      from: number,
      userId,
      username: "eva",
      name: "Eva",
      text: "com os dois",
    });
    await fake.customerMessage({ phoneNumberId, userId, username: "eva", text: "só o username" });
    const people = await contactsOf(companyId);
    expect(people.map((c) => [c.name, c.number, c.userId, c.username])).toEqual([["Eva", number, userId, "eva"]]);
    expect(await ticketsOf(companyId)).toHaveLength(1);
  });

  it("stores a username-only customer's and a phone customer's messages of one delivery, keeping the unreadable third", async () => {
    const { companyId, connection, phoneNumberId } = await setup();
    const phone = customerNumber();
    const bsuid = newBsuid();
    const usernameMessage = {
      from_user_id: bsuid,
      id: newWamid(),
      timestamp: "1750000000",
      type: "text",
      text: { body: "oi, sou só um username" },
    };
    const phoneMessage = {
      from: phone,
      from_user_id: newBsuid(),
      id: newWamid(),
      timestamp: "1750000001",
      type: "text",
      text: { body: "oi, tenho número" },
    };
    const unreadable = { id: newWamid(), timestamp: "1750000002", type: "text", text: { body: "de ninguém" } };
    const value = {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
      contacts: [
        { profile: { name: "Carla", username: "carla.s" }, user_id: bsuid },
        { profile: { name: "Davi" }, wa_id: phone, user_id: phoneMessage.from_user_id },
      ],
      messages: [usernameMessage, phoneMessage, unreadable],
    };
    const payload = envelope([[value]]);
    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);
    expect((await fake.webhook(payload, { phoneNumberId })).status).toBe(200);

    expect(await bodiesOf(companyId)).toEqual(["oi, sou só um username", "oi, tenho número"]);
    const people = await contactsOf(companyId);
    expect(people.map((c) => [c.name, c.number, c.userId, c.username]).sort()).toEqual([
      ["Carla", "", bsuid, "carla.s"],
      ["Davi", phone, phoneMessage.from_user_id, null],
    ]);
    const kept = await s.ctx.db.select().from(inboundRejections).where(eq(inboundRejections.whatsappId, connection.id));
    // Neither from nor from_user_id, and two contact entries: whose it is cannot be told. Kept once.
    expect(kept.map((r) => [r.item, r.reason])).toEqual([
      [unreadable, "a message without its sender (neither a phone number nor a user id)"],
    ]);
  });

  it("makes one contact for concurrent first deliveries of a new customer, with and without the number", async () => {
    const { companyId, phoneNumberId } = await setup();
    const userId = newBsuid();
    const number = customerNumber();
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        fake.customerMessage({
          phoneNumberId,
          userId,
          username: "fabi",
          ...(n % 2 ? { from: number } : {}),
          text: `m${n}`,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const people = await contactsOf(companyId);
    expect(people.map((c) => [c.number, c.userId])).toEqual([[number, userId]]);
    const [ticket, ...more] = await ticketsOf(companyId);
    expect(more).toEqual([]);
    expect(ticket!.unreadMessages).toBe(6);
  });
});
