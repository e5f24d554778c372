/**
 * Issue 19 item 3: a customer's number change (Cloud API `system`,
 * `user_changed_number`, Meta's sample with our ids) is a notice on the
 * ticket, and the contact moves to the new number, so a later message from
 * it lands on the same contact and ticket. When another contact already has
 * the new number both are kept and the notice says so. Other system events
 * are notices too. Through the signed webhook route; the agent's view is
 * GET /messages/:ticketId.
 */
import type { MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, messages } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { envelope, type FakeGraph } from "../../../test/fake-graph.js";
import { kindValue, numberChangeMessage, textMessage } from "../../../test/fake-graph-kinds.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

async function setup() {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id);
  const phoneNumberId = connection.cloudPhoneNumberId;
  /** One signed delivery; `contact` names the sender as `contacts[]` does (a system message has none). */
  const deliver = async (message: Record<string, unknown>, contact?: { waId: string; name: string }) => {
    const res = await fake.webhook(envelope([[kindValue(phoneNumberId, [message], contact)]]), { phoneNumberId });
    expect(res.status).toBe(200);
  };
  const text = (from: string, body: string, name = "Ana") => deliver(textMessage(from, body), { waId: from, name });
  /** A ticket's messages as the agent's list shows them, oldest first. */
  const ticketOf = async (wid: unknown) => {
    const [row] = await s.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.wid, String(wid)));
    if (!row) throw new Error(`message ${String(wid)} not stored`);
    const res = await s.request({ path: `/messages/${row.ticketId}`, token: t.admin.token });
    return { ticketId: row.ticketId, shown: res.json<{ messages: MessageDto[] }>().messages };
  };
  const people = async () =>
    (await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id)).orderBy(contacts.id)).map(
      (c) => [c.name, c.number],
    );
  return { t, deliver, text, ticketOf, people };
}

const widOf = async (s: TestServer, body: string) =>
  (await s.ctx.db.select().from(messages).where(eq(messages.body, body)))[0]!.wid;

describe("a Cloud API customer who changes number", () => {
  it("gets a notice on the ticket, keeps contact and ticket under the new number; a repeat changes nothing", async () => {
    const { deliver, text, ticketOf, people } = await setup();
    const [oldNumber, newNumber] = [customerNumber(), customerNumber()];
    await text(oldNumber, "oi, antes da troca");
    const change = numberChangeMessage(oldNumber, newNumber, "Ana");
    await deliver(change);

    const before = await ticketOf(change.id);
    expect(before.shown.map((m) => [m.mediaType, m.body])).toEqual([
      ["chat", "oi, antes da troca"],
      ["notice", `${oldNumber} → ${newNumber}`],
    ]);
    expect(before.shown[1]!.details).toEqual({
      notice: {
        kind: "numberChange",
        reason: `User Ana changed from ${oldNumber} to ${newNumber}`,
        from: oldNumber,
        to: newNumber,
      },
    });
    expect(await people()).toEqual([["Ana", newNumber]]);

    await deliver(change);
    await text(newNumber, "oi, número novo");
    const after = await ticketOf(await widOf(s, "oi, número novo"));
    expect(after.ticketId).toBe(before.ticketId);
    expect(after.shown.map((m) => m.body)).toEqual([
      "oi, antes da troca",
      `${oldNumber} → ${newNumber}`,
      "oi, número novo",
    ]);
    expect(after.shown.every((m) => m.contact?.number === newNumber)).toBe(true);
    // Nobody is left (or made again by the repeat) under the old number.
    expect(await people()).toEqual([["Ana", newNumber]]);
  });

  it("as a first message: a contact with the new number and a ticket holding the notice", async () => {
    const { deliver, ticketOf, people, text } = await setup();
    const [oldNumber, newNumber] = [customerNumber(), customerNumber()];
    const change = numberChangeMessage(oldNumber, newNumber, "Bia");
    await deliver(change);
    expect(await people()).toEqual([[newNumber, newNumber]]);
    const { ticketId, shown } = await ticketOf(change.id);
    expect(shown).toMatchObject([{ mediaType: "notice", details: { notice: { kind: "numberChange" } } }]);
    // The contact takes WhatsApp's profile name with the customer's next message, on the same ticket.
    await text(newNumber, "sou a Bia", "Bia");
    expect((await ticketOf(await widOf(s, "sou a Bia"))).ticketId).toBe(ticketId);
    expect(await people()).toEqual([["Bia", newNumber]]);
  });

  it("keeps both contacts when the new number already has one: the notice on the old contact's ticket says so", async () => {
    const { deliver, text, ticketOf, people } = await setup();
    const [oldNumber, newNumber] = [customerNumber(), customerNumber()];
    await text(oldNumber, "conta antiga", "Ana");
    await text(newNumber, "conta nova", "Ana Nova");
    const change = numberChangeMessage(oldNumber, newNumber, "Ana");
    await deliver(change);

    const old = await ticketOf(change.id);
    expect(old.shown.map((m) => m.body)).toEqual(["conta antiga", `${oldNumber} → ${newNumber}`]);
    expect(old.shown[1]!.details?.notice).toMatchObject({ kind: "numberChangeKept", from: oldNumber, to: newNumber });
    expect(await people()).toEqual([
      ["Ana", oldNumber],
      ["Ana Nova", newNumber],
    ]);
    await deliver(change);
    expect((await ticketOf(change.id)).shown).toHaveLength(2);
    // The new number's messages stay with the contact that has it.
    await text(newNumber, "de novo", "Ana Nova");
    expect((await ticketOf(await widOf(s, "de novo"))).ticketId).toBe(
      (await ticketOf(await widOf(s, "conta nova"))).ticketId,
    );
  });

  it("shows another system event (a changed business-scoped user id) as a notice of its type", async () => {
    const { deliver, ticketOf } = await setup();
    const from = customerNumber();
    const event: Record<string, unknown> = {
      ...textMessage(from, ""),
      type: "system",
      text: undefined,
      system: { body: "User A changed their user id", type: "user_changed_user_id", user_id: "BR.1384529736210457" },
    };
    await deliver(event);
    expect((await ticketOf(event.id)).shown).toMatchObject([
      {
        mediaType: "notice",
        body: "User A changed their user id",
        details: { notice: { kind: "user_changed_user_id", reason: "User A changed their user id" } },
      },
    ]);
  });
});
