/**
 * A company's state changed (a super user switched it on or off or moved its
 * due date; an invoice was paid): queued in the transaction that changed it.
 * A company that may work again gets back every job kept while it could not
 * (jobs/paused-jobs.ts) and its kept automatic messages (send-queue.ts), in one commit with the company row held, once its
 * connections started; one that may not has its connections stopped at once
 * (the minute sweep would within a minute, on every process).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { companies } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { companyWorks, requeuePausedJobs } from "../../jobs/paused-jobs.js";
import { resumeSends } from "../messages/send-queue.js";

const payload = z.object({ companyId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;

export const companyState: JobDefinition<Payload> = {
  name: "company-state",
  payload,
  policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  run: (ctx, data) => followCompany(ctx, data),
};

/** In the transaction that changed the company's status or due date. */
export function queueCompanyState(t: Pick<EventTransaction, "enqueue">, companyId: number): Promise<void> {
  return t.enqueue(companyState, { companyId });
}

async function followCompany(ctx: Context, { companyId }: Payload): Promise<void> {
  // Connections first: the jobs queued again find them running here (other processes' within a minute).
  await ctx.channels.followCompanies(companyId);
  const resumed = await ctx.events.transaction(async (t) => {
    if (!(await companyWorks(t.db, companyId, true))) return false;
    const requeued = await requeuePausedJobs(ctx, t, companyId, (name) => ctx.jobs.definition(name));
    const resumed = (await resumeSends(t, companyId)) || requeued > 0;
    // Its kept messages wait for the connections from now on, not from when they were stored.
    if (resumed) await t.db.update(companies).set({ resumedAt: new Date() }).where(eq(companies.id, companyId));
    return resumed;
  });
  if (resumed) ctx.log.info({ companyId }, "company works again: its kept jobs queued again");
}
