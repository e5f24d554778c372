/**
 * The chatbot option tree under a queue (business-areas §2.4, §4): an option's
 * number is its 1-based position among its siblings, kept 1..n by the server;
 * a child hangs only under a saved option of the same queue; deleting an option
 * deletes its subtree (parent_id ON DELETE CASCADE).
 */
import type { QueueOptionCreate, QueueOptionDto, QueueOptionUpdate } from "@balcao/contracts";
import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { queueOptions, queues } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { presentQueueOption } from "./queues.presenter.js";
import { loadQueue } from "./queues.service.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const siblingsOf = (queueId: number, parentId: number | null): SQL =>
  and(
    eq(queueOptions.queueId, queueId),
    parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
  )!;

async function findOption(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ option: queueOptions })
    .from(queueOptions)
    .innerJoin(queues, eq(queues.id, queueOptions.queueId))
    .where(and(eq(queueOptions.id, id), eq(queues.companyId, companyId)));
  return row?.option;
}

/** An option of one of the company's queues, or 404 as if it did not exist. */
async function loadOption(db: Db, companyId: number, id: number) {
  const option = await findOption(db, companyId, id);
  if (!option) throw new AppError("ERR_NOT_FOUND");
  return option;
}

/** Serialises changes to one queue's tree, so two saves never get the same number. */
async function lockQueue(tx: Tx, queueId: number) {
  await tx.execute(sql`select id from ${queues} where ${queues.id} = ${queueId} for update`);
}

export async function listQueueOptions(
  ctx: Context,
  companyId: number,
  queueId: number,
  parentId: number | null,
): Promise<QueueOptionDto[]> {
  await loadQueue(ctx, companyId, queueId);
  const rows = await ctx.db
    .select()
    .from(queueOptions)
    .where(siblingsOf(queueId, parentId))
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.map(presentQueueOption);
}

async function assertParentInQueue(ctx: Context, companyId: number, queueId: number, parentId: number | null) {
  if (parentId === null) return;
  const parent = await findOption(ctx.db, companyId, parentId);
  // A parent of another queue (or company) is reported like one that does not exist.
  if (parent?.queueId !== queueId) throw new AppError("ERR_VALIDATION", { field: "parentId" });
}

export async function createQueueOption(ctx: Context, companyId: number, input: QueueOptionCreate) {
  const { queueId, parentId } = input;
  await loadQueue(ctx, companyId, queueId);
  await assertParentInQueue(ctx, companyId, queueId, parentId);
  const row = await ctx.db.transaction(async (tx) => {
    await lockQueue(tx, queueId);
    const [siblings] = await tx.select({ n: count() }).from(queueOptions).where(siblingsOf(queueId, parentId));
    const [created] = await tx
      .insert(queueOptions)
      .values({ queueId, parentId, title: input.title, message: input.message, option: (siblings?.n ?? 0) + 1 })
      .returning();
    return created!;
  });
  return presentQueueOption(row);
}

export async function updateQueueOption(ctx: Context, companyId: number, id: number, input: QueueOptionUpdate) {
  await loadOption(ctx.db, companyId, id);
  const set: Partial<typeof queueOptions.$inferInsert> = { updatedAt: new Date() };
  if (input.title !== undefined) set.title = input.title;
  if (input.message !== undefined) set.message = input.message;
  const [row] = await ctx.db.update(queueOptions).set(set).where(eq(queueOptions.id, id)).returning();
  return presentQueueOption(row!);
}

/** The remaining siblings close the gap, so their numbers stay 1..n. */
export async function deleteQueueOption(ctx: Context, companyId: number, id: number): Promise<void> {
  const option = await loadOption(ctx.db, companyId, id);
  await ctx.db.transaction(async (tx) => {
    await lockQueue(tx, option.queueId);
    await tx.delete(queueOptions).where(eq(queueOptions.id, id));
    await tx.execute(sql`
      update ${queueOptions} set "option" = ranked.n
      from (
        select id, row_number() over (order by "option", id) as n
        from ${queueOptions} where ${siblingsOf(option.queueId, option.parentId)}
      ) as ranked
      where ${queueOptions.id} = ranked.id and ${queueOptions.option} <> ranked.n`);
  });
}
