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
 * id in the body must be the company's. Each change goes out as a ticket
 * update to its new list and the one it left.
 */
import type { TicketDto, TicketUpdate } from "@balcao/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tickets, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { settingValue } from "../settings/settings.queries.js";
import { acceptGreeting, sendAutomatic, transferNotice } from "./automatic-messages.js";
import { activeTicketConflict, companyQueue, companyUser, companyWhatsapp } from "./ticket-rules.js";
import { loadViewer, visibleTicketRow } from "./ticket-visibility.js";
import { activeTicketOf } from "./tickets.queries.js";
import { publishTicket } from "./tickets.service.js";

type TicketRow = typeof tickets.$inferSelect;
type Action = "close" | "reopen" | "accept" | "return" | "transfer";

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

function setTicket(ctx: Context, t: TicketRow, values: Partial<typeof tickets.$inferInsert>) {
  return ctx.db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId)))
    .returning()
    .catch(activeTicketConflict);
}

/** Resolve: the connection's completion message goes out first (the rating flow comes with a later area). */
async function close(ctx: Context, who: AccessClaims, t: TicketRow) {
  if (t.status === "closed") return;
  const whatsapp = t.whatsappId
    ? await ctx.db.query.whatsapps.findFirst({ where: eq(whatsapps.id, t.whatsappId) })
    : undefined;
  if (whatsapp?.complationMessage && !t.isGroup) {
    // {{userName}}: whoever the ticket is closed for (the closer when nobody held it).
    await sendAutomatic(ctx, t.companyId, t.id, whatsapp.complationMessage, { userId: t.userId ?? who.id });
  }
  await setTicket(ctx, t, {
    status: "closed",
    closedAt: new Date(),
    userId: t.userId ?? who.id,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    chatbot: false,
  });
}

async function reopen(ctx: Context, who: AccessClaims, t: TicketRow, input: TicketUpdate) {
  const queueId = input.queueId === undefined ? t.queueId : input.queueId;
  if (queueId !== null && queueId !== t.queueId) await companyQueue(ctx.db, t.companyId, queueId);
  if (await activeTicketOf(ctx.db, t.contactId, t.whatsappId, t.id)) throw new AppError("ERR_OTHER_OPEN_TICKET");
  await setTicket(ctx, t, { status: "open", userId: who.id, queueId, acceptedAt: new Date(), closedAt: null });
}

async function accept(ctx: Context, who: AccessClaims, t: TicketRow) {
  if (t.status === "open" && t.userId === who.id) return;
  const [row] = await ctx.db
    .update(tickets)
    .set({
      status: "open",
      userId: who.id,
      acceptedAt: sql`coalesce(${tickets.acceptedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId), eq(tickets.status, "pending")))
    .returning();
  // Someone else accepted it a moment earlier.
  if (!row) throw new AppError("ERR_OTHER_OPEN_TICKET");
  if (t.isGroup || (await settingValue(ctx.db, t.companyId, "sendGreetingAccepted")) !== "enabled") return;
  await sendAutomatic(ctx, t.companyId, t.id, acceptGreeting);
}

async function transfer(ctx: Context, t: TicketRow, input: TicketUpdate) {
  const companyId = t.companyId;
  // The queue must be the company's; its name reaches the customer through {{queue}}.
  if (input.queueId) await companyQueue(ctx.db, companyId, input.queueId);
  const user = input.userId ? await companyUser(ctx.db, companyId, input.userId) : null;
  if (input.whatsappId) await companyWhatsapp(ctx.db, companyId, input.whatsappId);
  const queueId = input.queueId === undefined ? t.queueId : input.queueId;
  let userId = input.userId === undefined ? t.userId : input.userId;
  let status = input.status ?? t.status;
  // A queue without a user: back to waiting in that queue.
  if (input.queueId !== undefined && !user) userId = null;
  if (input.queueId !== undefined && !user) status = "pending";
  if (status === "open" && userId === null) status = "pending";
  const requeued = queueId !== t.queueId || (status === "pending" && t.status !== "pending");
  await setTicket(ctx, t, {
    queueId,
    userId,
    status,
    whatsappId: input.whatsappId ?? t.whatsappId,
    ...(requeued ? { queuedAt: new Date() } : {}),
  });
  const moved = queueId !== t.queueId || (user !== null && userId !== t.userId);
  if (!moved || t.isGroup) return;
  if ((await settingValue(ctx.db, companyId, "sendMsgTransfTicket")) !== "enabled") return;
  await sendAutomatic(ctx, companyId, t.id, transferNotice(user ? "user" : "queue"));
}

export async function updateTicket(
  ctx: Context,
  who: AccessClaims,
  id: number,
  input: TicketUpdate,
): Promise<TicketDto> {
  const t = await visibleTicketRow(ctx.db, await loadViewer(ctx.db, who), { id });
  const action = actionOf(t, input, who.id);
  switch (action) {
    case "close":
      await close(ctx, who, t);
      break;
    case "reopen":
      await reopen(ctx, who, t, input);
      break;
    case "accept":
      await accept(ctx, who, t);
      break;
    case "return":
      await setTicket(ctx, t, { status: "pending", userId: null, queuedAt: new Date() });
      break;
    case "transfer":
      await transfer(ctx, t, input);
      break;
  }
  return publishTicket(ctx, who.companyId, id, t);
}
