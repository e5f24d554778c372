/**
 * Number checks (core-platform §8.1 ERR_WAPP_*): before a conversation starts
 * from our side (a new ticket, the external messages API), the connection's
 * driver says how WhatsApp knows the number.
 *
 * WhatsApp may know a number in another form than the one typed (Brazil's
 * ninth digit: 5511987654321 typed, 551187654321 registered). Its form is the
 * one inbound messages carry, so the contact takes it, and a customer's answer
 * meets the same contact and ticket. When another contact of the company
 * already holds that form, the two are different records of one person that
 * only a human can merge: the contact keeps its number (sends still reach the
 * customer; answers arrive on the other contact).
 */
import { and, eq } from "drizzle-orm";
import type { ChannelSender } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { contacts } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";

type ContactRow = typeof contacts.$inferSelect;

/**
 * The number as WhatsApp knows it. No WhatsApp → ERR_WAPP_INVALID_CONTACT; a
 * failed check → ERR_WAPP_CHECK_CONTACT, unless the driver already named the
 * failure with a catalogue code (e.g. ERR_WAPP_NOT_INITIALIZED).
 */
export async function checkWhatsappNumber(ctx: Context, driver: ChannelSender, number: string): Promise<string> {
  let known: string | null;
  try {
    known = await driver.checkNumber(number);
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err }, "number check failed");
    throw new AppError("ERR_WAPP_CHECK_CONTACT");
  }
  if (known === null) throw new AppError("ERR_WAPP_INVALID_CONTACT");
  return known;
}

/** The contact under WhatsApp's form of its number, unless another contact of the company holds that form. */
export async function adoptWhatsappNumber(ctx: Context, contact: ContactRow, known: string): Promise<ContactRow> {
  if (known === contact.number) return contact;
  const [row] = await ctx.db
    .update(contacts)
    .set({ number: known, updatedAt: new Date() })
    .where(and(eq(contacts.id, contact.id), eq(contacts.companyId, contact.companyId)))
    .returning()
    .catch((err: unknown) => {
      if (isNumberTaken(err)) return [contact];
      throw err;
    });
  if (row && row !== contact) {
    await ctx.events.published("contact.updated", { companyId: contact.companyId, contactId: contact.id });
  }
  return row ?? contact;
}

function isNumberTaken(err: unknown): boolean {
  const cause = ((err as { cause?: unknown })?.cause ?? err) as { constraint?: string; message?: string };
  return cause?.constraint === "contacts_company_number_uq" || !!cause?.message?.includes("contacts_company_number_uq");
}
