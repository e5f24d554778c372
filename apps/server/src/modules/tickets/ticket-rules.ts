/**
 * Checks ticket writes share: every id a body names must be the company's
 * (another company's answers as if it did not exist), and the one-active-
 * ticket-per-contact-and-connection rule surfaces as ERR_OTHER_OPEN_TICKET.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, queues, users, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";

export async function companyContact(db: Db, companyId: number, contactId: number) {
  const contact = await db.query.contacts.findFirst({
    where: and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)),
  });
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  return contact;
}

/** A queue named in a body that is not the company's is a field error. */
export async function companyQueue(db: Db, companyId: number, queueId: number) {
  const queue = await db.query.queues.findFirst({
    where: and(eq(queues.id, queueId), eq(queues.companyId, companyId)),
  });
  if (!queue) throw new AppError("ERR_VALIDATION", { field: "queueId" });
  return queue;
}

export async function companyUser(db: Db, companyId: number, userId: number) {
  const user = await db.query.users.findFirst({
    where: and(eq(users.id, userId), eq(users.companyId, companyId)),
    columns: { id: true, name: true },
  });
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  return user;
}

export async function companyWhatsapp(db: Db, companyId: number, whatsappId: number) {
  const whatsapp = await db.query.whatsapps.findFirst({
    where: and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, companyId)),
  });
  if (!whatsapp) throw new AppError("ERR_NO_WAPP_FOUND");
  return whatsapp;
}

/**
 * The tickets_active_contact_uq index keeps one active ticket per contact and
 * connection even when two requests race; its violation is this rule's code.
 */
export function activeTicketConflict(err: unknown): never {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = cause as { constraint?: string; message?: string };
  if (pgErr?.constraint === "tickets_active_contact_uq" || pgErr?.message?.includes("tickets_active_contact_uq")) {
    throw new AppError("ERR_OTHER_OPEN_TICKET");
  }
  throw err;
}
