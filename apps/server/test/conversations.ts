/**
 * Contacts, tickets and messages straight in the database (no rules, no
 * events), for tests that need a conversation to act on.
 */
import { randomBytes, randomInt } from "node:crypto";
import { contacts, messages, tickets, ticketTags } from "../src/db/schema/index.js";
import type { TestServer } from "./harness.js";

export async function buildContact(
  s: TestServer,
  companyId: number,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) {
  const [row] = await s.ctx.db
    .insert(contacts)
    .values({
      companyId,
      name: `Contact ${randomBytes(4).toString("hex")}`,
      number: `55${randomInt(10_000_000, 99_999_999)}${randomInt(100, 999)}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildTicket(
  s: TestServer,
  opts: { companyId: number; contactId: number } & Partial<typeof tickets.$inferInsert>,
  tagIds: number[] = [],
) {
  const [row] = await s.ctx.db.insert(tickets).values(opts).returning();
  if (tagIds.length) await s.ctx.db.insert(ticketTags).values(tagIds.map((tagId) => ({ ticketId: row!.id, tagId })));
  return row!;
}

export async function buildMessage(
  s: TestServer,
  ticket: { id: number; companyId: number; whatsappId: number | null; contactId: number },
  overrides: Partial<typeof messages.$inferInsert> = {},
) {
  const [row] = await s.ctx.db
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      contactId: overrides.fromMe ? null : ticket.contactId,
      body: `Message ${randomBytes(4).toString("hex")}`,
      ...overrides,
    })
    .returning();
  return row!;
}
