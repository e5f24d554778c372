/**
 * POST /tickets (core-platform §2.13 "New ticket modal", §5 "New ticket",
 * §8.2): the caller opens a ticket for a contact on a connection, assigned to
 * themselves. A non-admin must pick one of their own queues. When the contact
 * already has an active ticket on that connection: the caller's own (or an
 * unassigned one) answers ERR_OTHER_OPEN_TICKET; another attendant's answers
 * 400 with `error` = {userId, user:{name}, queue:{name}, ticketId}, which the
 * modal shows as "held by another attendant".
 *
 * On a connected connection WhatsApp first confirms the contact's number
 * (ERR_WAPP_INVALID_CONTACT, ERR_WAPP_CHECK_CONTACT; groups are not numbers).
 * A contact without a number opens only on a connection that can reach its
 * user id (ERR_WAPP_INVALID_CONTACT otherwise).
 */
import type { OtherAttendantTicket, TicketCreate, TicketDto } from "@balcao/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { queues, tickets, users, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { adoptWhatsappNumber, checkWhatsappNumber } from "../contacts/check-number.js";
import { activeTicketConflict, companyContact, companyQueue, companyWhatsapp } from "./ticket-rules.js";
import { loadViewer } from "./ticket-visibility.js";
import { activeTicketOf } from "./tickets.queries.js";
import { loadTicket } from "./tickets.presenter.js";

/** Carries the other attendant's ticket; the route answers it as the error object. */
export class OtherAttendantError extends AppError {
  constructor(readonly ticket: OtherAttendantTicket) {
    super("ERR_OTHER_OPEN_TICKET", undefined, 400);
  }
}

/** The chosen connection, else the caller's default, else the company's default one. */
async function connectionFor(db: Db, who: AccessClaims, whatsappId: number | null | undefined) {
  if (whatsappId) return companyWhatsapp(db, who.companyId, whatsappId);
  const user = await db.query.users.findFirst({ where: eq(users.id, who.id), columns: { whatsappId: true } });
  const own = user?.whatsappId
    ? await db.query.whatsapps.findFirst({
        where: and(eq(whatsapps.id, user.whatsappId), eq(whatsapps.companyId, who.companyId)),
      })
    : undefined;
  const fallback =
    own ??
    (await db.query.whatsapps.findFirst({
      where: and(eq(whatsapps.companyId, who.companyId), eq(whatsapps.isDefault, true)),
      orderBy: desc(whatsapps.id),
    }));
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return fallback;
}

async function refuseActive(db: Db, who: AccessClaims, contactId: number, whatsappId: number): Promise<void> {
  const active = await activeTicketOf(db, contactId, whatsappId);
  if (!active) return;
  if (active.userId === null || active.userId === who.id) throw new AppError("ERR_OTHER_OPEN_TICKET");
  const [holder] = await db
    .select({ userName: users.name, queueName: queues.name })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(eq(tickets.id, active.id));
  throw new OtherAttendantError({
    userId: active.userId,
    user: holder?.userName ? { name: holder.userName } : null,
    queue: holder?.queueName ? { name: holder.queueName } : null,
    ticketId: active.id,
  });
}

/**
 * A contact known by user id only is reached by that id, which only its own
 * kind of connection speaks: a LID ("…@lid") on WhatsApp Web, a
 * business-scoped user id on the Cloud API.
 */
function refuseUnreachable(userId: string | null, provider: string) {
  const reaches = userId !== null && (userId.endsWith("@lid") ? provider === "beta" : provider === "cloud");
  if (!reaches) throw new AppError("ERR_WAPP_INVALID_CONTACT");
}

/**
 * WhatsApp's word on the contact's number. A connection whose session is not
 * up (no driver, or a WhatsApp Web session still opening) keeps the rule
 * without a check: the ticket opens and its sends answer ERR_WAPP_NOT_INITIALIZED.
 */
async function confirmNumber(
  ctx: Context,
  contact: Awaited<ReturnType<typeof companyContact>>,
  whatsapp: { id: number; provider: string },
) {
  if (!contact.isGroup && !contact.number) return refuseUnreachable(contact.userId, whatsapp.provider);
  const driver = contact.isGroup ? undefined : ctx.channels.sender(whatsapp.id);
  if (!driver) return;
  let known: string;
  try {
    known = await checkWhatsappNumber(ctx, driver, contact.number);
  } catch (err) {
    if (err instanceof AppError && err.code === "ERR_WAPP_NOT_INITIALIZED") return;
    throw err;
  }
  await adoptWhatsappNumber(ctx, contact, known);
}

export async function createTicket(ctx: Context, who: AccessClaims, input: TicketCreate): Promise<TicketDto> {
  const db = ctx.db;
  const contact = await companyContact(db, who.companyId, input.contactId);
  const queueId = input.queueId ?? null;
  const isAdmin = who.profile === "admin" || who.super;
  if (queueId === null && !isAdmin) throw new AppError("ERR_VALIDATION", { field: "queueId" });
  if (queueId !== null) {
    await companyQueue(db, who.companyId, queueId);
    // The modal offers a non-admin only their own queues.
    if (!isAdmin && !(await loadViewer(db, who)).queueIds.includes(queueId)) throw new AppError("ERR_NO_PERMISSION");
  }
  const whatsapp = await connectionFor(db, who, input.whatsappId);
  await refuseActive(db, who, contact.id, whatsapp.id);
  await confirmNumber(ctx, contact, whatsapp);
  const now = new Date();
  const id = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(tickets)
      .values({
        companyId: who.companyId,
        contactId: contact.id,
        whatsappId: whatsapp.id,
        queueId,
        userId: who.id,
        status: "open",
        isGroup: contact.isGroup,
        queuedAt: queueId === null ? null : now,
        acceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tickets.id })
      .catch(activeTicketConflict);
    const facts = { companyId: who.companyId, ticketId: row!.id, byUserId: who.id, queueId, byMessage: false };
    e.record("ticket.created", { ...facts, status: "open" });
    return row!.id;
  });
  const ticket = await loadTicket(db, who.companyId, id);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  return ticket;
}
