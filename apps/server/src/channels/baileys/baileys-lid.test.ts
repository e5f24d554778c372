/**
 * Issue 19 item 2 on WhatsApp Web: a chat known only by its LID (no
 * remoteJidAlt, nothing in Baileys' LID mapping) is a contact without a
 * number, keyed by "<digits>@lid"; an answer goes to the LID jid; once the
 * number is learned (a message with remoteJidAlt, or Baileys'
 * lid-mapping.update) the same contact gains it. Through a paired session:
 * Baileys' own message objects on the session's socket.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { content, lidJid, pnJid, waMessage } from "../../../test/baileys-messages.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { connectedWebConnection } from "../../../test/whatsapp-web.js";

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

const contactsOf = (companyId: number) =>
  s.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(contacts.id);
const countOf = async (companyId: number) =>
  (await s.ctx.db.select().from(messages).where(eq(messages.companyId, companyId))).length;
const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean) =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error("not yet");
      return value;
    },
    { timeout: 5_000, interval: 25 },
  );

async function lidChat() {
  const t = await buildTenant(s);
  const { open } = await connectedWebConnection(s, t.admin.token);
  const companyId = t.company.id;
  const lid = lidJid(`7${Date.now()}`.slice(0, 15));
  open.messages([waMessage({ chat: lid, pushName: "Gil" }, content.text("oi, sou um LID"))]);
  const [person] = await until(
    () => contactsOf(companyId),
    (rows) => rows.length === 1,
  );
  const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.contactId, person!.id));
  return { t, open, companyId, lid, person: person!, ticket: ticket! };
}

/** The admin takes the ticket and answers it through the API. */
async function answer(c: Awaited<ReturnType<typeof lidChat>>, body: string) {
  await s.ctx.db.update(tickets).set({ status: "open", userId: c.t.admin.id }).where(eq(tickets.id, c.ticket.id));
  const res = await s.request({
    method: "POST",
    path: `/messages/${c.ticket.id}`,
    token: c.t.admin.token,
    body: { body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a WhatsApp Web chat known only by its LID", () => {
  it("is one contact without a number, answered at the LID jid, that gains its number from a later message", async () => {
    const c = await lidChat();
    expect(c.person).toMatchObject({ number: "", userId: c.lid, name: "Gil" });

    await answer(c, "Olá, Gil");
    expect(c.open.sent.map((x) => [x.jid, x.content])).toEqual([[c.lid, { text: "Olá, Gil" }]]);

    const number = "5511977776666";
    c.open.messages([waMessage({ chat: c.lid, chatAlt: pnJid(number), pushName: "Gil" }, content.text("meu número"))]);
    await until(
      () => countOf(c.companyId),
      (n) => n === 3,
    );
    const people = await contactsOf(c.companyId);
    expect(people.map((p) => [p.id, p.number, p.userId])).toEqual([[c.person.id, number, c.lid]]);
    const open = await s.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, c.companyId), eq(tickets.contactId, c.person.id)));
    expect(open).toHaveLength(1);

    // Answers now go to the number, as they did before LIDs.
    await answer(c, "anotado");
    expect(c.open.sent.at(-1)?.jid).toBe(`${number}@s.whatsapp.net`);
  });

  it("gains its number from Baileys' lid-mapping event; a message from the number then lands on it", async () => {
    const c = await lidChat();
    const number = "5511966665555";
    c.open.emit("lid-mapping.update", { lid: c.lid, pn: pnJid(number) });
    const [person] = await until(
      () => contactsOf(c.companyId),
      (rows) => rows[0]?.number === number,
    );
    expect(person).toMatchObject({ id: c.person.id, userId: c.lid, name: "Gil" });

    c.open.messages([waMessage({ chat: pnJid(number), pushName: "Gil" }, content.text("pelo número"))]);
    await until(
      () => countOf(c.companyId),
      (n) => n === 2,
    );
    expect(await contactsOf(c.companyId)).toHaveLength(1);
  });

  it("keys a group participant known only by LID by that LID, never its digits as a number", async () => {
    const t = await buildTenant(s);
    const { open } = await connectedWebConnection(s, t.admin.token);
    // Groups are ignored unless the company takes them.
    const setting = { key: "CheckMsgIsGroup", value: "disabled" };
    await s.request({ method: "PUT", path: "/settings/CheckMsgIsGroup", token: t.admin.token, body: setting });
    const participant = lidJid(`8${Date.now()}`.slice(0, 15));
    const group = "120363025246199999@g.us";
    open.messages([waMessage({ chat: group, participant, pushName: "Hugo" }, content.text("no grupo"))]);
    open.messages([waMessage({ chat: group, participant, pushName: "Hugo" }, content.text("de novo"))]);
    const rows = await until(
      () => contactsOf(t.company.id),
      (r) => r.length === 2 && r.some((x) => x.userId),
    );
    expect(rows.map((r) => [r.number, r.userId, r.name, r.isGroup]).sort()).toEqual([
      ["", participant, "Hugo", false],
      ["120363025246199999", null, expect.any(String), true],
    ]);

    // WhatsApp names the member by that LID in a read receipt and as a quote's author.
    const groupContact = rows.find((r) => r.isGroup)!;
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.contactId, groupContact.id));
    await s.ctx.db.update(tickets).set({ status: "open", userId: t.admin.id }).where(eq(tickets.id, ticket!.id));
    const page = await s.request({ method: "GET", path: `/messages/${ticket!.id}`, token: t.admin.token });
    const [first] = page.json().messages as { wid: string }[];
    const res = await s.request({
      method: "POST",
      path: `/messages/${ticket!.id}`,
      token: t.admin.token,
      body: { body: "Oi, Hugo", quotedMsg: first },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(open.sent.at(-1)).toMatchObject({
      jid: group,
      options: { quoted: { key: { id: first!.wid, participant } } },
    });
    const receipts = await until(
      async () => open.read.flat(),
      (keys) => keys.length > 0,
    );
    expect(receipts[0]).toMatchObject({ remoteJid: group, participant });
  });
});
