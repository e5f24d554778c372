/**
 * A connection saved (its timer fields may have changed: a time set, shortened
 * or turned off, a target queue chosen): every ticket still waiting on it is
 * armed again by the new values, so enabling expiry applies to the
 * conversations already open, not only to those that change next. Arming is
 * idempotent (one waiting job per ticket and kind, started at the earlier
 * time; a later or turned-off timer's job finds that when it runs), so this
 * job may run twice. Tickets in batches, each batch in its own transaction.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.js";
import { tickets } from "../db/schema/index.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { armTicketTimers } from "./arm-ticket-timers.js";

const payload = z.object({ companyId: z.number().int().positive(), whatsappId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;

const batch = 200;

export const armConnectionTimers: JobDefinition<Payload> = {
  name: "arm-connection-timers",
  payload,
  // Reads and inserts a few rows per ticket: a connection's thousands of open tickets fit in minutes.
  policy: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  run: async (ctx, { companyId, whatsappId }) => {
    for (let after = 0; ;) {
      const ids = await waitingTickets(ctx, companyId, whatsappId, after);
      if (!ids.length) return;
      await ctx.events.transaction(async (e) => {
        for (const id of ids) await armTicketTimers(e.db, e.enqueue, companyId, id);
      });
      after = ids[ids.length - 1]!;
    }
  },
};

async function waitingTickets(ctx: Context, companyId: number, whatsappId: number, after: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.status, ["pending", "open"]),
        eq(tickets.whatsappId, whatsappId),
        gt(tickets.id, after),
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(batch);
  return rows.map((r) => r.id);
}
