/**
 * Contact list items (business-areas §2.10): the only writer of
 * contact_list_items besides the import. A number appears once per list
 * (ERR_DUPLICATED_CONTACT); a new or changed number is unchecked
 * (isWhatsappValid null) until the check job, queued in the same
 * transaction, asks WhatsApp.
 */
import { contactListLimits, type ContactListItemDto, type ContactListItemSave } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { contactListItems } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import { checkContactListNumbers } from "./check-contact-list-numbers.js";
import { presentContactListItem } from "./contact-lists.presenter.js";
import { findItem, pageOfItems } from "./contact-lists.queries.js";
import { loadContactList } from "./contact-lists.service.js";

type ItemRow = typeof contactListItems.$inferSelect;

export async function listContactListItemsPage(
  ctx: Context,
  companyId: number,
  query: { contactListId: number; searchParam: string; pageNumber: number },
) {
  await loadContactList(ctx, companyId, query.contactListId);
  const { rows, count } = await pageOfItems(
    ctx.db,
    companyId,
    query.contactListId,
    query.searchParam.trim(),
    query.pageNumber,
  );
  const hasMore = count > (query.pageNumber - 1) * contactListLimits.itemsPageSize + rows.length;
  return { contacts: rows.map(presentContactListItem), count, hasMore };
}

async function loadItem(ctx: Context, companyId: number, id: number): Promise<ItemRow> {
  const item = await findItem(ctx.db, companyId, id);
  if (!item) throw new AppError("ERR_NOT_FOUND");
  return item;
}

export async function showContactListItem(ctx: Context, companyId: number, id: number) {
  return presentContactListItem(await loadItem(ctx, companyId, id));
}

/**
 * The list's numbers still to check get their one waiting job, now: one
 * waiting for the company's connection is brought forward (the connection may
 * be there by now).
 */
export function queueNumberChecks(t: Pick<EventTransaction, "enqueue">, companyId: number, contactListId: number) {
  return t.enqueue(
    checkContactListNumbers,
    { companyId, contactListId },
    { singletonKey: `list:${contactListId}`, startAfter: new Date() },
  );
}

function isDuplicate(err: unknown): boolean {
  const cause = ((err as { cause?: unknown })?.cause ?? err) as { constraint?: string };
  return cause?.constraint === "contact_list_items_list_number_uq";
}

/** A unique violation of list + number is the catalogue's duplicate; the transaction changed nothing. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDuplicate(err)) throw new AppError("ERR_DUPLICATED_CONTACT");
    throw err;
  }
}

export async function createContactListItem(
  ctx: Context,
  companyId: number,
  input: ContactListItemSave,
): Promise<ContactListItemDto> {
  await loadContactList(ctx, companyId, input.contactListId);
  const row = await saving(() =>
    ctx.events.transaction(async (t) => {
      const [created] = await t.db
        .insert(contactListItems)
        .values({ companyId, contactListId: input.contactListId, ...fieldsOf(input) })
        .returning();
      await queueNumberChecks(t, companyId, input.contactListId);
      t.record("contactListItem.created", { companyId, contactListId: input.contactListId, itemId: created!.id });
      t.record("contactList.updated", { companyId, contactListId: input.contactListId });
      return created!;
    }),
  );
  return presentContactListItem(row);
}

function fieldsOf(input: ContactListItemSave) {
  return { name: input.name, number: input.number, email: input.email };
}

/** An item stays in its list: a contactListId naming another list is refused. */
export async function updateContactListItem(
  ctx: Context,
  companyId: number,
  id: number,
  input: ContactListItemSave,
): Promise<ContactListItemDto> {
  const current = await loadItem(ctx, companyId, id);
  if (input.contactListId !== current.contactListId) throw new AppError("ERR_VALIDATION", { field: "contactListId" });
  const numberChanged = input.number !== current.number;
  const row = await saving(() =>
    ctx.events.transaction(async (t) => {
      const [updated] = await t.db
        .update(contactListItems)
        .set({ ...fieldsOf(input), ...(numberChanged ? { isWhatsappValid: null } : {}), updatedAt: new Date() })
        .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, companyId)))
        .returning();
      if (numberChanged) await queueNumberChecks(t, companyId, current.contactListId);
      t.record("contactListItem.updated", { companyId, contactListId: current.contactListId, itemId: id });
      return updated!;
    }),
  );
  return presentContactListItem(row);
}

export async function deleteContactListItem(ctx: Context, companyId: number, id: number): Promise<void> {
  const item = await loadItem(ctx, companyId, id);
  await ctx.db
    .delete(contactListItems)
    .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, companyId)));
  await ctx.events.published("contactListItem.deleted", { companyId, contactListId: item.contactListId, itemId: id });
  await ctx.events.published("contactList.updated", { companyId, contactListId: item.contactListId });
}
