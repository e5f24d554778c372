/**
 * The one writer of a ticket's tags (ticket_tags), for every call that
 * changes them: the ticket header's whole set (POST /tags/sync), the spec's
 * kanban pair (DELETE /ticket-tags/{ticketId}, PUT /ticket-tags/{ticketId}/{tagId})
 * and the board's one-step move (POST /ticket/kanban/{ticketId}/move).
 *
 * A change is one transaction with the ticket locked, so two changes of one
 * ticket never interleave: a card is never left in two lanes, nor tagless
 * when half of a move failed. The tags it adds must be the company's (404
 * ERR_NOT_FOUND) and are held against deletion until the commit; a lane move
 * takes only kanban tags (400 ERR_TAG_NOT_KANBAN). A refusal changes nothing.
 * ticket.changed sends the ticket to those who may see it, tag.updated each
 * tag whose ticket count moved.
 */
import type { TicketDto } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { tags, ticketTags } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { lockTicket } from "./ticket-moves.js";
import { loadViewer, visibleOrRefused } from "./ticket-visibility.js";
import { loadTicket } from "./tickets.presenter.js";

export interface TagChange {
  /** Tags to attach. */
  add: number[];
  /** The ticket's other tags go: its tags become exactly `add`. */
  replace: boolean;
  /** Only kanban tags may be attached (a card moved to a lane). */
  lanesOnly?: boolean;
}

/** The tags to attach, locked (FOR SHARE) so that none is deleted before the commit. */
async function assertAttachable(tx: Tx, companyId: number, change: TagChange) {
  const wanted = [...new Set(change.add)];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: tags.id, kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, wanted)))
    .for("share");
  if (found.length < wanted.length) throw new AppError("ERR_NOT_FOUND");
  if (change.lanesOnly && found.some((t) => t.kanban !== 1)) throw new AppError("ERR_TAG_NOT_KANBAN");
}

async function writeTags(e: EventTransaction, companyId: number, ticketId: number, change: TagChange) {
  const current = await e.db
    .select({ tagId: ticketTags.tagId })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, ticketId));
  const before = current.map((r) => r.tagId);
  const after = [...new Set(change.replace ? change.add : [...before, ...change.add])];
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length) {
    await e.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, removed)));
  }
  if (added.length) await e.db.insert(ticketTags).values(added.map((tagId) => ({ ticketId, tagId })));
  if (removed.length + added.length === 0) return;
  e.record("ticket.changed", { companyId, ticketId });
  for (const tagId of [...removed, ...added]) e.record("tag.updated", { companyId, tagId });
}

/** Applies the change to a ticket the caller may see, and answers the ticket as it now is. */
export async function changeTicketTags(
  ctx: Context,
  who: AccessClaims,
  ticketId: number,
  change: TagChange,
): Promise<TicketDto> {
  const companyId = who.companyId;
  const viewer = await loadViewer(ctx.db, who);
  await ctx.events.transaction(async (e) => {
    visibleOrRefused(viewer, await lockTicket(e, companyId, ticketId));
    await assertAttachable(e.db, companyId, change);
    await writeTags(e, companyId, ticketId, change);
  });
  const dto = await loadTicket(ctx.db, companyId, ticketId);
  if (!dto) throw new AppError("ERR_NO_TICKET_FOUND");
  return dto;
}
