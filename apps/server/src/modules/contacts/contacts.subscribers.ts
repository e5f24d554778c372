/**
 * Contact realtime, driven by the domain events after their commit: the
 * contact as it now is goes to company-{companyId}-contact; a delete and a
 * bulk import carry no row (the lists drop it, or refetch).
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentContact } from "./contacts.presenter.js";
import { findContact } from "./contacts.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, action: "create" | "update", e: DomainEvents["contact.created"]) {
  const contact = await findContact(ctx.db, e.companyId, e.contactId);
  if (contact) ctx.realtime.emit("contact", { companyId: e.companyId }, { action, contact: presentContact(contact) });
}

export function subscribeContactRealtime(ctx: Context): void {
  ctx.events.on("contact.created", (e) => publish(ctx, "create", e));
  // The list rows carry no extra info, so neither does the event.
  ctx.events.on("contact.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("contact.deleted", (e) =>
    ctx.realtime.emit("contact", { companyId: e.companyId }, { action: "delete", contactId: e.contactId }),
  );
  // One event for a whole batch: open lists refetch once rather than receive thousands of upserts.
  ctx.events.on("contact.imported", (e) =>
    ctx.realtime.emit("contact", { companyId: e.companyId }, { action: "reload" }),
  );
}
