/**
 * Migration 0009 (contact_lids): contacts stored before issue 19 with a LID's
 * digits as their number move the LID to user_id and keep no number; real
 * numbers stay. Seeded in the old shape (Baileys' raw message as provider_data)
 * and the migration's own SQL run over them.
 */
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "./schema/index.js";
import { buildContact, buildMessage, buildTicket } from "../../test/conversations.js";
import { buildCompany } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

const migration = () => readFile(new URL("./migrations/0009_contact_lids.sql", import.meta.url), "utf8");

/** A contact with a ticket and one inbound message whose raw key is `key`, as WhatsApp Web stored it. */
async function seeded(companyId: number, number: string, name: string, key: Record<string, unknown>) {
  const contact = await buildContact(s, companyId, { number, name });
  const ticket = await buildTicket(s, { companyId, contactId: contact.id, status: "pending" });
  await buildMessage(s, ticket, { wid: String(key.id), providerData: { key, message: { conversation: "oi" } } });
  return contact;
}

describe("migration 0009_contact_lids", () => {
  it("moves a LID's digits from number to user_id, and leaves real numbers alone", async () => {
    const company = await buildCompany(s);
    const lidDigits = "123456789012345";
    const lidOnly = await seeded(company.id, lidDigits, lidDigits, {
      remoteJid: `${lidDigits}@lid`,
      id: "A1",
      fromMe: false,
    });
    const named = await seeded(company.id, "98765432109876", "Ana", { remoteJid: "98765432109876@lid", id: "A2" });
    const withAlt = await seeded(company.id, "5511987650001", "Bia", {
      remoteJid: "70000000000001@lid",
      remoteJidAlt: "5511987650001@s.whatsapp.net",
      id: "A3",
    });
    const phone = await seeded(company.id, "5511987650002", "Caio", {
      remoteJid: "5511987650002@s.whatsapp.net",
      id: "A4",
    });
    const cloud = await seeded(company.id, "5511987650003", "Duda", { from: "5511987650003", id: "wamid.A5" });

    await s.ctx.database.raw.query(await migration());
    // Run again (a second deploy): nothing more changes.
    await s.ctx.database.raw.query(await migration());

    const rows = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, company.id)).orderBy(contacts.id);
    expect(rows.map((c) => [c.id, c.number, c.userId, c.name])).toEqual([
      [lidOnly.id, "", `${lidDigits}@lid`, `${lidDigits}@lid`],
      [named.id, "", "98765432109876@lid", "Ana"],
      [withAlt.id, "5511987650001", null, "Bia"],
      [phone.id, "5511987650002", null, "Caio"],
      [cloud.id, "5511987650003", null, "Duda"],
    ]);
  });
});
