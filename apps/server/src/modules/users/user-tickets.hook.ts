/**
 * HOOK FOR THE TICKETS ISSUE. Deleting a user returns their open tickets to
 * pending in their queue (SERVER-BEHAVIOUR "Tickets and messages", core-platform
 * §2.16). deleteUser calls this inside its transaction, before the user row
 * goes; the tickets area fills it in: set status "pending" and userId null on
 * the user's open tickets of the company (keeping their queue), and emit
 * company-{companyId}-ticket update for each (after commit). Until tickets
 * exist there is nothing to return.
 */
import type { Context } from "../../context.js";
import type { Tx } from "./user-rules.js";

export async function returnOpenTicketsToPending(
  _ctx: Context,
  _tx: Tx,
  _companyId: number,
  _userId: number,
): Promise<void> {
  // Filled by the tickets issue.
}
