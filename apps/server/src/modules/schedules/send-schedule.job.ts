/**
 * A schedule's send as a durable job (SERVER-BEHAVIOUR "Schedules"): queued
 * in the transaction that saves the schedule, startAfter its sendAt, so a
 * server that was down sends late, never not at all. One waiting job per
 * schedule (queue policy "short", singletonKey the schedule's id): saving
 * again brings the waiting one forward if the new time is earlier, and a run
 * that finds sendAt still ahead (the time moved later) queues itself for it.
 * A run that finds the schedule gone, sent or failed ends quietly.
 *
 * Exactly once, in two commits like the automatic messages
 * (send-stored-messages.ts):
 *  1. the message is stored on the contact's active ticket of the company's
 *     default connection (reused, or opened pending like the external API's),
 *     its variables rendered for that ticket and the image attached, and its
 *     id kept on the locked schedule: a later run reuses it, never stores another;
 *  2. sendStored marks the attempt in its own commit and hands it to the
 *     driver; a run after a crash in between leaves the message failed
 *     instead of sending it again.
 * Then PENDENTE → ENVIADA with sentAt, or ERRO with the reason (the provider's
 * words, or the code), both published as schedule.updated.
 */
import path from "node:path";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { renderForTicket } from "../../automation/ticket-variables.js";
import type { Context } from "../../context.js";
import { contacts, messages, schedules, whatsapps } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { activeTicketFor } from "../external-api/open-conversation.js";
import { sendStored } from "../messages/send-stored-messages.js";
import { storeOutgoing, type OutgoingMedia } from "../messages/send-message.js";
import type { ScheduleRecord } from "./schedules.queries.js";

const payload = z.object({ companyId: z.number().int().positive(), scheduleId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;

export const sendSchedule: JobDefinition<Payload> = {
  name: "send-schedule",
  payload,
  // A run whose process died is taken again once its time is up; a connection not running yet is waited
  // for through the retries (sendStored gives up after two minutes and leaves the message failed).
  policy: { policy: "short", retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => runSchedule(ctx, data),
};

/** Queues (or moves) the schedule's send for sendAt, in the caller's transaction. */
export function queueScheduleSend(
  enqueue: EventTransaction["enqueue"],
  companyId: number,
  scheduleId: number,
  sendAt: Date,
): Promise<void> {
  return enqueue(sendSchedule, { companyId, scheduleId }, { startAfter: sendAt, singletonKey: String(scheduleId) });
}

async function runSchedule(ctx: Context, { companyId, scheduleId }: Payload): Promise<void> {
  const row = await ctx.db.query.schedules.findFirst({
    where: and(eq(schedules.id, scheduleId), eq(schedules.companyId, companyId)),
  });
  if (!row || row.status !== "PENDENTE") return;
  if (row.sendAt.getTime() > Date.now()) {
    // Moved later while this job waited: the new time gets its own job.
    await ctx.jobs.send(sendSchedule, { companyId, scheduleId }, undefined, {
      startAfter: row.sendAt,
      singletonKey: String(scheduleId),
    });
    return;
  }
  const messageId = row.messageId ?? (await storeScheduled(ctx, row));
  if (messageId === undefined) return;
  await sendStored(ctx, messageId);
  await settle(ctx, row, messageId);
}

function defaultConnection(ctx: Context, companyId: number) {
  return ctx.db.query.whatsapps.findFirst({
    where: and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)),
    orderBy: desc(whatsapps.id),
    columns: { id: true, companyId: true },
  });
}

const imageTypes: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

function imageOf(row: ScheduleRecord): OutgoingMedia | undefined {
  if (!row.mediaPath) return undefined;
  const mimetype = imageTypes[path.extname(row.mediaPath).toLowerCase()] ?? "image/jpeg";
  return { mediaType: "image", mediaPath: row.mediaPath, mediaName: row.mediaName ?? "", mimetype, voiceNote: false };
}

/** Commit 1: the message stored once, on the contact's ticket; undefined when the schedule changed meanwhile. */
async function storeScheduled(ctx: Context, row: ScheduleRecord): Promise<number | undefined> {
  const connection = await defaultConnection(ctx, row.companyId);
  if (!connection) return void (await fail(ctx, row, "ERR_NO_DEF_WAPP_FOUND"));
  const contact = await ctx.db.query.contacts.findFirst({
    where: and(eq(contacts.id, row.contactId), eq(contacts.companyId, row.companyId)),
    columns: { id: true, isGroup: true },
  });
  if (!contact) return undefined;
  const ticketId = await activeTicketFor(ctx, connection, contact);
  return ctx.events.transaction(async (t) => {
    const [locked] = await t.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, row.id), eq(schedules.status, "PENDENTE"), isNull(schedules.messageId)))
      .for("update");
    // Sent by another run, edited to a later time, or deleted: nothing to store now.
    if (!locked || locked.sendAt.getTime() > Date.now()) return undefined;
    const ticket = { id: ticketId, companyId: row.companyId, whatsappId: connection.id };
    const text = await renderForTicket(t.db, row.companyId, ticketId, locked.body, { userId: locked.userId });
    const media = imageOf(locked);
    const messageId = await storeOutgoing(t, ticket, { body: text, userId: null, media, caption: text });
    await t.db.update(schedules).set({ messageId, ticketId, updatedAt: new Date() }).where(eq(schedules.id, row.id));
    t.record("schedule.updated", { companyId: row.companyId, scheduleId: row.id });
    return messageId;
  });
}

/** The message's outcome onto the schedule; a message still without one is another run's to settle. */
async function settle(ctx: Context, row: ScheduleRecord, messageId: number): Promise<void> {
  const [message] = await ctx.db
    .select({ wid: messages.wid, sendError: messages.sendError })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (message?.wid) return finish(ctx, row, messageId, { status: "ENVIADA", sentAt: new Date(), errorMessage: null });
  if (message?.sendError) return finish(ctx, row, messageId, { status: "ERRO", errorMessage: message.sendError });
  if (!message) return fail(ctx, row, "ERR_SENDING_WAPP_MSG");
}

function fail(ctx: Context, row: ScheduleRecord, reason: string): Promise<void> {
  return finish(ctx, row, row.messageId, { status: "ERRO", errorMessage: reason });
}

async function finish(
  ctx: Context,
  row: ScheduleRecord,
  messageId: number | null,
  outcome: Pick<ScheduleRecord, "status" | "errorMessage"> & { sentAt?: Date },
): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const sameSend = messageId === null ? isNull(schedules.messageId) : eq(schedules.messageId, messageId);
    const [done] = await t.db
      .update(schedules)
      .set({ ...outcome, updatedAt: new Date() })
      .where(and(eq(schedules.id, row.id), eq(schedules.status, "PENDENTE"), sameSend))
      .returning({ id: schedules.id });
    if (done) t.record("schedule.updated", { companyId: row.companyId, scheduleId: row.id });
  });
}
