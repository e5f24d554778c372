/**
 * Quick messages (business-areas §2.7, §3, §7): canned replies called by a
 * shortcode. The only writer of the quick_messages table.
 *
 * - A user sees their own and the company's shared ones (geral); another
 *   user's private one answers 404 as if it did not exist, like another
 *   company's.
 * - The owner edits and deletes it; an administrator (admin profile or super)
 *   also edits and deletes the shared ones everyone sees. Anyone else gets
 *   ERR_NO_PERMISSION.
 * - status (active) decides whether the message input suggests it.
 * Changes are recorded as quickMessage.* events (quick-messages.subscribers.ts
 * publishes them).
 */
import {
  quickMessageLimits,
  type QuickMessageDto,
  type QuickMessageListResponse,
  type QuickMessageSave,
} from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { quickMessages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentQuickMessage } from "./quick-messages.presenter.js";
import {
  activeQuickMessages,
  findVisibleQuickMessage,
  pageOfQuickMessages,
  type QuickMessageRow,
} from "./quick-messages.queries.js";

export async function listQuickMessagesPage(
  ctx: Context,
  who: AccessClaims,
  searchParam: string,
  pageNumber: number,
): Promise<QuickMessageListResponse> {
  const { rows, count } = await pageOfQuickMessages(ctx.db, who.companyId, who.id, searchParam.trim(), pageNumber);
  const hasMore = count > (pageNumber - 1) * quickMessageLimits.pageSize + rows.length;
  return { records: rows.map(presentQuickMessage), count, hasMore };
}

export async function listActiveQuickMessages(
  ctx: Context,
  who: AccessClaims,
  searchParam: string,
): Promise<QuickMessageDto[]> {
  return (await activeQuickMessages(ctx.db, who.companyId, who.id, searchParam)).map(presentQuickMessage);
}

export async function loadQuickMessage(ctx: Context, who: AccessClaims, id: number): Promise<QuickMessageRow> {
  const row = await findVisibleQuickMessage(ctx.db, who.companyId, who.id, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** The owner, or an administrator for a shared one (a private one of someone else is not even visible). */
export async function loadEditableQuickMessage(ctx: Context, who: AccessClaims, id: number) {
  const row = await loadQuickMessage(ctx, who, id);
  const administrator = who.super || who.profile === "admin";
  if (row.userId !== who.id && !administrator) throw new AppError("ERR_NO_PERMISSION");
  return row;
}

/** `wasShared`: it was shared before this change, so the others' lists must drop it if it no longer is. */
export async function quickMessageUpdated(ctx: Context, row: QuickMessageRow, wasShared = false) {
  await ctx.events.published("quickMessage.updated", { companyId: row.companyId, quickMessageId: row.id, wasShared });
  return presentQuickMessage(row);
}

/** The columns a save writes; on update, flags the client left out stay as they are. */
function changes(input: QuickMessageSave) {
  const set: Partial<typeof quickMessages.$inferInsert> = { shortcode: input.shortcode };
  if (input.message !== undefined) set.message = input.message;
  for (const field of ["geral", "visao", "status"] as const) {
    if (input[field] !== undefined) set[field] = input[field];
  }
  return set;
}

export async function createQuickMessage(ctx: Context, who: AccessClaims, input: QuickMessageSave) {
  const [row] = await ctx.db
    .insert(quickMessages)
    .values({ ...changes(input), shortcode: input.shortcode, companyId: who.companyId, userId: who.id })
    .returning();
  await ctx.events.published("quickMessage.created", { companyId: who.companyId, quickMessageId: row!.id });
  return presentQuickMessage(row!);
}

export async function updateQuickMessage(ctx: Context, who: AccessClaims, id: number, input: QuickMessageSave) {
  const before = await loadEditableQuickMessage(ctx, who, id);
  const [row] = await ctx.db
    .update(quickMessages)
    .set({ ...changes(input), updatedAt: new Date() })
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, who.companyId)))
    .returning();
  return quickMessageUpdated(ctx, row!, before.geral);
}

export async function deleteQuickMessage(ctx: Context, who: AccessClaims, id: number): Promise<void> {
  const row = await loadEditableQuickMessage(ctx, who, id);
  await ctx.db.delete(quickMessages).where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, who.companyId)));
  await ctx.media.remove(row.mediaPath);
  const { userId, geral } = row;
  await ctx.events.published("quickMessage.deleted", { companyId: who.companyId, quickMessageId: id, userId, geral });
}
