/**
 * Deleting a user returns their open tickets (and pending ones handed to them)
 * to pending, unassigned, in their queue
 * (SERVER-BEHAVIOUR "Tickets and messages", core-platform §2.16, §4.1).
 * deleteUser calls this inside its transaction, before the user row goes, and
 * runs the function it returns after the commit: the tickets' update events
 * must describe what other sessions can now read.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import { publishTicket } from "../tickets/tickets.service.js";
import type { Tx } from "./user-rules.js";

export async function returnOpenTicketsToPending(
  ctx: Context,
  tx: Tx,
  companyId: number,
  userId: number,
): Promise<() => Promise<void>> {
  const now = new Date();
  const returned = await tx
    .update(tickets)
    .set({ status: "pending", userId: null, queuedAt: now, updatedAt: now })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), ne(tickets.status, "closed")))
    .returning({ id: tickets.id, queueId: tickets.queueId });
  // Announced as leaving the open list and the user; one that was already pending is just updated in its own.
  return async () => {
    for (const { id, queueId } of returned) {
      await publishTicket(ctx, companyId, id, { status: "open", queueId, userId });
    }
  };
}
