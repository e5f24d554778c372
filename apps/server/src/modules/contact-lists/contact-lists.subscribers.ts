/**
 * Contact list realtime (business-areas §4), driven by the domain events after
 * their commit: lists on company-{companyId}-ContactList (the record, or its
 * id when deleted); items on company-{companyId}-ContactListItem. After an
 * import, "reload" carries the list's first page (records) on both the
 * company's channel and the list's own company-{companyId}-ContactListItem-{listId},
 * so an open page replaces what it shows; "import" carries the progress.
 */
import { contactListItemsChannel, rooms, type ChannelPayloads } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentContactListItem } from "./contact-lists.presenter.js";
import { findItem, findList, pageOfItems } from "./contact-lists.queries.js";
import { withCounts } from "./contact-lists.service.js";

type ListFacts = DomainEvents["contactList.created"];
type ItemFacts = DomainEvents["contactListItem.created"];

/** One deleted meanwhile has nothing left to show. */
async function publishList(ctx: Context, action: "create" | "update", { companyId, contactListId }: ListFacts) {
  const row = await findList(ctx.db, companyId, contactListId);
  if (!row) return;
  const [record] = await withCounts(ctx, companyId, [row]);
  ctx.realtime.emit("contactList", { companyId }, { action, record: record! });
}

async function publishItem(ctx: Context, action: "create" | "update", { companyId, itemId }: ItemFacts) {
  const row = await findItem(ctx.db, companyId, itemId);
  if (!row) return;
  ctx.realtime.emit("contactListItem", { companyId }, { action, record: presentContactListItem(row) });
}

/** The list's own channel is not one of the company-wide names the typed emit builds. */
function toListChannel(
  ctx: Context,
  companyId: number,
  contactListId: number,
  payload: ChannelPayloads["contactListItem"],
) {
  ctx.realtime.io.to(rooms.company(companyId)).emit(contactListItemsChannel(companyId, contactListId), payload);
}

async function publishReload(ctx: Context, { companyId, contactListId }: ListFacts) {
  const { rows } = await pageOfItems(ctx.db, companyId, contactListId, "", 1);
  const payload = { action: "reload" as const, contactListId, records: rows.map(presentContactListItem) };
  ctx.realtime.emit("contactListItem", { companyId }, payload);
  toListChannel(ctx, companyId, contactListId, payload);
  await publishList(ctx, "update", { companyId, contactListId });
}

function publishProgress(ctx: Context, { companyId, progress }: DomainEvents["contactList.importProgress"]) {
  const payload = { action: "import" as const, contactListId: progress.contactListId, progress };
  ctx.realtime.emit("contactListItem", { companyId }, payload);
  toListChannel(ctx, companyId, progress.contactListId, payload);
}

export function subscribeContactListRealtime(ctx: Context): void {
  ctx.events.on("contactList.created", (e) => publishList(ctx, "create", e));
  ctx.events.on("contactList.updated", (e) => publishList(ctx, "update", e));
  ctx.events.on("contactList.deleted", (e) =>
    ctx.realtime.emit("contactList", { companyId: e.companyId }, { action: "delete", id: e.contactListId }),
  );
  ctx.events.on("contactListItem.created", (e) => publishItem(ctx, "create", e));
  ctx.events.on("contactListItem.updated", (e) => publishItem(ctx, "update", e));
  ctx.events.on("contactListItem.deleted", (e) =>
    ctx.realtime.emit(
      "contactListItem",
      { companyId: e.companyId },
      { action: "delete", id: e.itemId, contactListId: e.contactListId },
    ),
  );
  ctx.events.on("contactList.imported", (e) => publishReload(ctx, e));
  ctx.events.on("contactList.importProgress", (e) => publishProgress(ctx, e));
}
