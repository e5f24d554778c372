/**
 * Queues (business-areas §2.4): the only writer of the queues table. Colours
 * are unique per company (the queues_company_color_uq index answers
 * ERR_QUEUE_COLOR_ALREADY_EXISTS); the plan limits how many a company has.
 */
import { defaultWeekdayHours, type QueueDto, type QueueSave } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { queues } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { assertPlanLimit } from "../plans/plan-gate.js";
import { assertOwnPrompt } from "../prompts/prompts.service.js";
import { assertIntegrationOfCompany } from "../queue-integrations/queue-integrations.service.js";
import type { AccessClaims } from "../auth/tokens.js";
import { recordQueueTicketsLeft } from "../tickets/ticket-cascades.js";
import { mergeSchedules } from "./merge-schedules.js";
import { presentQueue } from "./queues.presenter.js";
import { countQueues, findQueue, listQueues } from "./queues.queries.js";

type QueueRow = typeof queues.$inferSelect;

export async function getQueues(ctx: Context, companyId: number): Promise<QueueDto[]> {
  return (await listQueues(ctx.db, companyId)).map(presentQueue);
}

/** Another company's queue answers 404 as if it did not exist. */
export async function loadQueue(ctx: Context, companyId: number, id: number): Promise<QueueRow> {
  const queue = await findQueue(ctx.db, companyId, id);
  if (!queue) throw new AppError("ERR_NOT_FOUND");
  return queue;
}

/** The columns a save writes; on update, fields the client left out stay as they are. */
function changes(input: QueueSave, current: QueueRow | undefined) {
  const set: Partial<typeof queues.$inferInsert> = { name: input.name, color: input.color };
  for (const field of ["greetingMessage", "outOfHoursMessage", "complationMessage", "ratingMessage"] as const) {
    if (input[field] !== undefined) set[field] = input[field];
  }
  for (const field of ["orderQueue", "integrationId", "promptId"] as const) {
    if (input[field] !== undefined) set[field] = input[field];
  }
  if (input.schedules !== undefined || !current) {
    set.schedules = mergeSchedules(current?.schedules ?? defaultWeekdayHours(), input.schedules);
  }
  return set;
}

export async function createQueue(ctx: Context, companyId: number, input: QueueSave): Promise<QueueDto> {
  await assertOwnPrompt(ctx, companyId, input.promptId);
  await assertIntegrationOfCompany(ctx.db, companyId, input.integrationId);
  await assertPlanLimit(ctx.db, companyId, "queues", await countQueues(ctx.db, companyId));
  const [row] = await ctx.db
    .insert(queues)
    .values({ ...changes(input, undefined), name: input.name, color: input.color, companyId })
    .returning();
  await ctx.events.published("queue.created", { companyId, queueId: row!.id });
  return presentQueue(row!);
}

export async function updateQueue(ctx: Context, companyId: number, id: number, input: QueueSave): Promise<QueueDto> {
  const current = await loadQueue(ctx, companyId, id);
  await assertOwnPrompt(ctx, companyId, input.promptId);
  await assertIntegrationOfCompany(ctx.db, companyId, input.integrationId);
  const [row] = await ctx.db
    .update(queues)
    .set({ ...changes(input, current), updatedAt: new Date() })
    .where(and(eq(queues.id, id), eq(queues.companyId, companyId)))
    .returning();
  await ctx.events.published("queue.updated", { companyId, queueId: id });
  return presentQueue(row!);
}

/**
 * The queue's options go with it and its users lose it (both by cascade).
 * Its tickets are left without a queue (business-areas §4; tickets.queue_id
 * is ON DELETE SET NULL); the active ones are recorded as ticket events
 * (ticket-cascades.ts), so their timeline and open lists follow.
 */
export async function deleteQueue(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  const { companyId } = who;
  await loadQueue(ctx, companyId, id);
  await ctx.events.transaction(async (e) => {
    e.record("queue.deleted", { companyId, queueId: id });
    await recordQueueTicketsLeft(e, companyId, id, who.id);
    await e.db.delete(queues).where(and(eq(queues.id, id), eq(queues.companyId, companyId)));
  });
}
