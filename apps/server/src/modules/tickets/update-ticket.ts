/**
 * PUT /tickets/{id} (core-platform §4.1): the body tells the action.
 * - {status:"closed", …}                       resolve (any non-closed)
 * - {status:"open"} on a closed ticket          reopen, for the caller
 * - {status:"open", userId: caller|none} on a pending ticket, same queue and
 *   connection                                   accept, for the caller (refused
 *   with ERR_OTHER_OPEN_TICKET once someone holds it)
 * - {status:"pending", userId:null} on an open ticket, same queue and
 *   connection                                   return to the queue
 * - anything else                               transfer {userId, queueId, status, whatsappId}:
 *   a queue without a user leaves the ticket pending and unassigned; a user
 *   takes it over; an open ticket never stays unassigned.
 * Only tickets the caller sees may be changed (ticket-visibility.ts); every
 * id in the body must be the company's. Each change is one transaction that
 * records its domain event (ticket.closed, .reopened, .accepted, .queued,
 * .transferred): the timeline row is written in it, and after the commit the
 * realtime subscriber sends the ticket to its new list and the one it left
 * (tickets.subscribers.ts). Automatic messages (greeting, transfer notice,
 * completion) are queued in the same transaction and sent by a job after it.
 */
import type { TicketDto, TicketUpdate } from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tickets, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { settingValue } from "../settings/settings.queries.js";
import { closingPlan } from "../../automation/rating.js";
import { acceptGreeting, queueAutomatic, transferNotice } from "./automatic-messages.js";
import { activeTicketConflict, companyQueue, companyUser, companyWhatsapp } from "./ticket-rules.js";
import { loadViewer, visibleTicketRow } from "./ticket-visibility.js";
import { activeTicketOf } from "./tickets.queries.js";
import type { EventTransaction } from "../../events/bus.js";
import { placeOf } from "../../events/events.js";
import { loadTicket } from "./tickets.presenter.js";

type TicketRow = typeof tickets.$inferSelect;
type Action = "close" | "reopen" | "accept" | "return" | "transfer";

/** An agent's accept or transfer takes the ticket out of the queue bot's hands (automation/chatbot.ts). */
const botLetsGo = { chatbot: false, queueOptionId: null };

function actionOf(t: TicketRow, input: TicketUpdate, callerId: number): Action {
  if (input.status === "closed") return "close";
  if (input.status === "open" && t.status === "closed") return "reopen";
  const sameQueue = input.queueId === undefined || input.queueId === t.queueId;
  const sameConnection = input.whatsappId === undefined || input.whatsappId === t.whatsappId;
  if (sameQueue && sameConnection) {
    const forCaller = input.userId === undefined || input.userId === null || input.userId === callerId;
    // On an open ticket too: a stale list's accept must not take it from whoever holds it.
    if (input.status === "open" && forCaller) return "accept";
    if (input.status === "pending" && t.status === "open" && !input.userId) return "return";
  }
  return "transfer";
}

function setTicket(e: EventTransaction, t: TicketRow, values: Partial<typeof tickets.$inferInsert>) {
  return e.db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId)))
    .returning()
    .catch(activeTicketConflict);
}

/** Nothing to change: the ticket is announced as it is. */
function unchanged(e: EventTransaction, t: TicketRow): void {
  e.record("ticket.changed", { companyId: t.companyId, ticketId: t.id });
}

const factsOf = (who: AccessClaims, t: TicketRow) => ({
  companyId: t.companyId,
  ticketId: t.id,
  byUserId: who.id,
  before: placeOf(t),
});

/**
 * What resolving sends (automation/rating.ts closingPlan): the connection's
 * completion message, then, with `userRating` enabled and an attendant who
 * held the ticket, the rating question; the ticket then waits for the
 * answer (rating_asks 1), which the answering job reads (automation/rate-ticket.ts).
 */
async function closingPlanOf(e: EventTransaction, t: TicketRow) {
  const whatsapp = t.whatsappId
    ? await e.db.query.whatsapps.findFirst({ where: eq(whatsapps.id, t.whatsappId) })
    : undefined;
  if (!whatsapp) return { texts: [], askRating: false };
  return closingPlan({
    userRating: await settingValue(e.db, t.companyId, "userRating"),
    isGroup: t.isGroup,
    userId: t.status === "open" ? t.userId : null,
    ratingAsks: t.ratingAsks,
    complationMessage: whatsapp.complationMessage,
    ratingMessage: whatsapp.ratingMessage,
  });
}

async function close(e: EventTransaction, who: AccessClaims, t: TicketRow): Promise<void> {
  const plan = await closingPlanOf(e, t);
  await setTicket(e, t, {
    status: "closed",
    closedAt: new Date(),
    userId: t.userId ?? who.id,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    chatbot: false,
    ...(plan.askRating ? { ratingAsks: 1 } : {}),
  });
  e.record("ticket.closed", factsOf(who, t));
  // Rendered once closed, so {{userName}} is whoever the ticket was closed for (the closer when nobody held it).
  await queueAutomatic(e, t, plan.texts);
}

async function reopen(e: EventTransaction, who: AccessClaims, t: TicketRow, input: TicketUpdate): Promise<void> {
  const queueId = input.queueId === undefined ? t.queueId : input.queueId;
  if (queueId !== null && queueId !== t.queueId) await companyQueue(e.db, t.companyId, queueId);
  if (await activeTicketOf(e.db, t.contactId, t.whatsappId, t.id)) throw new AppError("ERR_OTHER_OPEN_TICKET");
  // A rating still awaited is dropped: the conversation goes on.
  const reopened = { status: "open", userId: who.id, queueId, acceptedAt: new Date(), closedAt: null, ratingAsks: 0 };
  await setTicket(e, t, reopened);
  e.record("ticket.reopened", factsOf(who, t));
}

async function accept(e: EventTransaction, who: AccessClaims, t: TicketRow): Promise<void> {
  // Already the caller's: announced again, as before, so a stale list catches up.
  if (t.status === "open" && t.userId === who.id) return unchanged(e, t);
  const [row] = await e.db
    .update(tickets)
    .set({
      status: "open",
      userId: who.id,
      acceptedAt: sql`coalesce(${tickets.acceptedAt}, now())`,
      ...botLetsGo,
      updatedAt: new Date(),
    })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId), eq(tickets.status, "pending")))
    .returning();
  // Someone else accepted it a moment earlier.
  if (!row) throw new AppError("ERR_OTHER_OPEN_TICKET");
  e.record("ticket.accepted", factsOf(who, t));
  if (t.isGroup || (await settingValue(e.db, t.companyId, "sendGreetingAccepted")) !== "enabled") return;
  await queueAutomatic(e, t, [acceptGreeting]);
}

async function returnToQueue(e: EventTransaction, who: AccessClaims, t: TicketRow): Promise<void> {
  await setTicket(e, t, { status: "pending", userId: null, queuedAt: new Date() });
  e.record("ticket.queued", { ...factsOf(who, t), queueId: t.queueId });
}

async function transfer(e: EventTransaction, who: AccessClaims, t: TicketRow, input: TicketUpdate): Promise<void> {
  const companyId = t.companyId;
  // The queue must be the company's; its name reaches the customer through {{queue}}.
  if (input.queueId) await companyQueue(e.db, companyId, input.queueId);
  const user = input.userId ? await companyUser(e.db, companyId, input.userId) : null;
  if (input.whatsappId) await companyWhatsapp(e.db, companyId, input.whatsappId);
  const queueId = input.queueId === undefined ? t.queueId : input.queueId;
  let userId = input.userId === undefined ? t.userId : input.userId;
  let status = input.status ?? t.status;
  // A queue without a user: back to waiting in that queue.
  if (input.queueId !== undefined && !user) userId = null;
  if (input.queueId !== undefined && !user) status = "pending";
  if (status === "open" && userId === null) status = "pending";
  const requeued = queueId !== t.queueId || (status === "pending" && t.status !== "pending");
  const whatsappId = input.whatsappId ?? t.whatsappId;
  const placed = { queueId, userId, status, whatsappId, ...botLetsGo };
  await setTicket(e, t, { ...placed, ...(requeued ? { queuedAt: new Date() } : {}) });
  const changed = requeued || userId !== t.userId || status !== t.status || whatsappId !== t.whatsappId;
  if (changed) e.record("ticket.transferred", { ...factsOf(who, t), queueId, userId, whatsappId });
  else e.record("ticket.changed", { companyId, ticketId: t.id, before: placeOf(t) });
  const moved = queueId !== t.queueId || (user !== null && userId !== t.userId);
  if (!moved || t.isGroup || (await settingValue(e.db, companyId, "sendMsgTransfTicket")) !== "enabled") return;
  // Through the ticket's connection after the transfer.
  await queueAutomatic(e, { ...t, whatsappId }, [transferNotice(user ? "user" : "queue")]);
}

export async function updateTicket(
  ctx: Context,
  who: AccessClaims,
  id: number,
  input: TicketUpdate,
): Promise<TicketDto> {
  const t = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id });
  const action = actionOf(t, input, who.id);
  await ctx.events.transaction(async (e): Promise<void> => {
    switch (action) {
      case "close":
        return t.status === "closed" ? unchanged(e, t) : close(e, who, t);
      case "reopen":
        return reopen(e, who, t, input);
      case "accept":
        return accept(e, who, t);
      case "return":
        return returnToQueue(e, who, t);
      case "transfer":
        return transfer(e, who, t, input);
    }
  });
  const ticket = await loadTicket(ctx.db, who.companyId, id);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  return ticket;
}
