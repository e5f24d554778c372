/**
 * Schedules (business-areas §2.8, §3, §4 "Schedule", §7; SERVER-BEHAVIOUR
 * "Schedules"): a message to one of the company's contacts, sent at sendAt
 * by the send-schedule job. The only writer of the schedules table besides
 * that job.
 *
 * - Every user of the company reads and writes the company's schedules;
 *   another company's answer 404 as if they did not exist.
 * - Creating queues the job in the same transaction (startAfter sendAt), so
 *   a committed schedule is always sent, late if the server was down.
 * - Editing is allowed while nothing was sent: a PENDENTE schedule whose job
 *   has not stored its message yet, or one that failed (ERRO), which then
 *   waits again. The job is queued again for the new time; a run that finds
 *   the time moved later re-queues itself (send-schedule.job.ts).
 * - Deleting cancels the send: the run finds nothing and ends.
 * Changes are recorded as schedule.* events (schedules.subscribers.ts
 * publishes them).
 */
import { scheduleLimits, type ScheduleDto, type ScheduleListResponse, type ScheduleSave } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { contacts, schedules } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentSchedule } from "./schedules.presenter.js";
import { findSchedule, pageOfSchedules, type ScheduleRecord, type ScheduleRow } from "./schedules.queries.js";
import { queueScheduleSend } from "./send-schedule.job.js";

export async function listSchedulesPage(
  ctx: Context,
  who: AccessClaims,
  searchParam: string,
  pageNumber: number,
): Promise<ScheduleListResponse> {
  const { rows, count } = await pageOfSchedules(ctx.db, who.companyId, searchParam.trim(), pageNumber);
  const hasMore = count > (pageNumber - 1) * scheduleLimits.pageSize + rows.length;
  return { schedules: rows.map(presentSchedule), count, hasMore };
}

export async function loadSchedule(ctx: Context, who: AccessClaims, id: number): Promise<ScheduleRow> {
  const row = await findSchedule(ctx.db, who.companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** Nothing of it has gone out: no message stored by its job, and not sent. */
export function isEditable(row: Pick<ScheduleRecord, "sentAt" | "status" | "messageId">): boolean {
  if (row.sentAt !== null || row.status === "ENVIADA") return false;
  return row.status === "ERRO" || row.messageId === null;
}

/** The schedule locked for a change, refused once its send has begun. */
export async function lockEditable(tx: Tx, companyId: number, id: number): Promise<ScheduleRecord> {
  const [row] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.companyId, companyId)))
    .for("update");
  if (!row) throw new AppError("ERR_NOT_FOUND");
  if (!isEditable(row)) throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
  return row;
}

async function assertContact(tx: Tx, companyId: number, contactId: number): Promise<void> {
  const contact = await tx.query.contacts.findFirst({
    where: and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)),
    columns: { id: true },
  });
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
}

async function presentSaved(ctx: Context, companyId: number, id: number): Promise<ScheduleDto> {
  return presentSchedule((await findSchedule(ctx.db, companyId, id))!);
}

export async function createSchedule(ctx: Context, who: AccessClaims, input: ScheduleSave): Promise<ScheduleDto> {
  const id = await ctx.events.transaction(async (t) => {
    await assertContact(t.db, who.companyId, input.contactId);
    const [row] = await t.db
      .insert(schedules)
      .values({
        companyId: who.companyId,
        userId: who.id,
        contactId: input.contactId,
        body: input.body,
        sendAt: input.sendAt,
      })
      .returning({ id: schedules.id });
    await queueScheduleSend(t.enqueue, who.companyId, row!.id, input.sendAt);
    t.record("schedule.created", { companyId: who.companyId, scheduleId: row!.id });
    return row!.id;
  });
  return presentSaved(ctx, who.companyId, id);
}

/** A failed one waits again: its error and failed message are left behind. */
async function rewrite(t: EventTransaction, row: ScheduleRecord, input: ScheduleSave): Promise<void> {
  await t.db
    .update(schedules)
    .set({
      contactId: input.contactId,
      body: input.body,
      sendAt: input.sendAt,
      status: "PENDENTE",
      errorMessage: null,
      messageId: null,
      updatedAt: new Date(),
    })
    .where(eq(schedules.id, row.id));
  await queueScheduleSend(t.enqueue, row.companyId, row.id, input.sendAt);
  t.record("schedule.updated", { companyId: row.companyId, scheduleId: row.id });
}

export async function updateSchedule(
  ctx: Context,
  who: AccessClaims,
  id: number,
  input: ScheduleSave,
): Promise<ScheduleDto> {
  await ctx.events.transaction(async (t) => {
    const row = await lockEditable(t.db, who.companyId, id);
    await assertContact(t.db, who.companyId, input.contactId);
    await rewrite(t, row, input);
  });
  return presentSaved(ctx, who.companyId, id);
}

export async function deleteSchedule(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  const row = await ctx.events.transaction(async (t) => {
    const [gone] = await t.db
      .delete(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.companyId, who.companyId)))
      .returning();
    if (!gone) throw new AppError("ERR_NOT_FOUND");
    t.record("schedule.deleted", { companyId: who.companyId, scheduleId: id });
    return gone;
  });
  // A stored message shows the same image: the file is the message's from then on.
  if (row.messageId === null) await ctx.media.remove(row.mediaPath);
}
