/**
 * POST /tickets on a running connection asks WhatsApp about the contact's
 * number first (core-platform §8.1 ERR_WAPP_INVALID_CONTACT,
 * ERR_WAPP_CHECK_CONTACT). The Cloud API fake answers every plausible number;
 * "no WhatsApp", a failed check and another normalisation are given by
 * replacing the running driver's checkNumber.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { ChannelError } from "../../channels/driver.js";
import { contacts, tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

async function setup() {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id);
  const contact = await buildContact(s, t.company.id, { number: "5511987654321" });
  const driver = s.ctx.channels.runningDriver(connection.id)!;
  const open = () =>
    s.request({
      method: "POST",
      path: "/tickets",
      token: t.admin.token,
      body: { contactId: contact.id, whatsappId: connection.id, status: "open", userId: t.admin.id },
    });
  return { ...t, connection, contact, driver, open };
}

const ticketsOf = (contactId: number) => s.ctx.db.select().from(tickets).where(eq(tickets.contactId, contactId));
const contactRow = async (id: number) => (await s.ctx.db.query.contacts.findFirst({ where: eq(contacts.id, id) }))!;

describe("POST /tickets: the number check", () => {
  it("opens the ticket when WhatsApp knows the number", async () => {
    const { open, contact, driver } = await setup();
    const check = vi.spyOn(driver, "checkNumber");
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect(check).toHaveBeenCalledWith("5511987654321");
    expect(await ticketsOf(contact.id)).toHaveLength(1);
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number without WhatsApp, and opens nothing", async () => {
    const { open, contact, driver } = await setup();
    vi.spyOn(driver, "checkNumber").mockResolvedValue(null);
    const res = await open();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(await ticketsOf(contact.id)).toEqual([]);
  });

  it("answers ERR_WAPP_CHECK_CONTACT when the check itself fails, and opens nothing", async () => {
    const { open, contact, driver } = await setup();
    vi.spyOn(driver, "checkNumber").mockRejectedValue(new Error("socket closed"));
    const res = await open();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_CHECK_CONTACT" });
    expect(await ticketsOf(contact.id)).toEqual([]);
  });

  it("gives the contact WhatsApp's form of the number, so the customer's answer meets the same ticket", async () => {
    const { open, contact, driver, connection } = await setup();
    vi.spyOn(driver, "checkNumber").mockResolvedValue("551187654321");
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect((await contactRow(contact.id)).number).toBe("551187654321");

    const reply = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: "551187654321",
      text: "Oi!",
    });
    expect(reply.status).toBe(200);
    const rows = await ticketsOf(contact.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastMessage).toBe("Oi!");
  });

  it("keeps the number when another contact of the company already has WhatsApp's form", async () => {
    const { open, contact, driver, company } = await setup();
    await buildContact(s, company.id, { number: "551187654321" });
    vi.spyOn(driver, "checkNumber").mockResolvedValue("551187654321");
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect((await contactRow(contact.id)).number).toBe("5511987654321");
  });

  it("does not check a group, which has no phone number", async () => {
    const { driver, connection, company, admin } = await setup();
    const group = await buildContact(s, company.id, { number: "120363000000000001", isGroup: true });
    const check = vi.spyOn(driver, "checkNumber");
    const res = await s.request({
      method: "POST",
      path: "/tickets",
      token: admin.token,
      body: { contactId: group.id, whatsappId: connection.id, status: "open", userId: admin.id },
    });
    expect(res.statusCode).toBe(200);
    expect(check).not.toHaveBeenCalled();
  });

  it("opens the ticket unchecked while the session is not connected (the driver says ERR_WAPP_NOT_INITIALIZED)", async () => {
    const { open, contact, driver } = await setup();
    vi.spyOn(driver, "checkNumber").mockRejectedValue(new ChannelError("ERR_WAPP_NOT_INITIALIZED", "opening"));
    const res = await open();
    expect(res.statusCode, res.body).toBe(200);
    expect(await ticketsOf(contact.id)).toHaveLength(1);
  });

  it("opens the ticket unchecked on a connection that is not running (its sends answer ERR_WAPP_NOT_INITIALIZED)", async () => {
    const t = await buildTenant(s);
    const stopped = await buildWhatsapp(s, t.company.id, { provider: "cloud" });
    const contact = await buildContact(s, t.company.id);
    const res = await s.request({
      method: "POST",
      path: "/tickets",
      token: t.admin.token,
      body: { contactId: contact.id, whatsappId: stopped.id, status: "open", userId: t.admin.id },
    });
    expect(res.statusCode).toBe(200);
    const send = await s.request({
      method: "POST",
      path: `/messages/${res.json<{ id: number }>().id}`,
      token: t.admin.token,
      body: { body: "Olá" },
    });
    expect(send.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
  });
});
