/**
 * A flow's delay as a durable job (issue 18 items 5–6): an interval (or a content block's interval)
 * queues this job, startAfter its seconds, in the transaction of the step that reached it, so a restart
 * loses no waiting run. The job carries the step it resumes; the ticket's flow_step moves on with every
 * step taken, so the job finds its step taken (run again after a crash, or the run restarted by a phrase,
 * ended by an agent, or moved on otherwise) and does nothing.
 */
import { z } from "zod";
import type { Context } from "../../context.js";
import type { EventTransaction } from "../../events/bus.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { lockTicket } from "../../modules/tickets/ticket-moves.js";
import { applyWalk, type Resume } from "./apply-walk.js";
import { endTicketFlowRun } from "./end-runs.js";
import { activeFlow, runStateOf, ticketWalkOptions } from "./run-state.js";
import { resumeFlow } from "./walker.js";

const id = z.number().int().positive();
const payload = z.object({ companyId: id, ticketId: id, step: z.number().int().nonnegative() });
type Payload = z.infer<typeof payload>;

export const flowStep: JobDefinition<Payload> = {
  name: "flow-step",
  payload,
  // A few statements (an mp3 voice note's first conversion aside): one whose process died is taken again
  // 30 s on and finds its step taken or not.
  policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => resume(ctx, data),
};

/** Queues the run's resume after its delay, in the step's transaction. */
export async function scheduleResume(
  t: EventTransaction,
  ids: { companyId: number; ticketId: number },
  resume: Resume | undefined,
): Promise<void> {
  if (!resume) return;
  const startAfter = new Date(Date.now() + resume.seconds * 1000);
  await t.enqueue(flowStep, { ...ids, step: resume.step }, { startAfter });
}

async function resume(ctx: Context, data: Payload): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const ticket = await lockTicket(t, data.companyId, data.ticketId);
    const state = ticket && runStateOf(ticket);
    if (!ticket || !state || ticket.flowStep !== data.step || state.waiting) return;
    if (ticket.status !== "pending" || ticket.userId !== null) return;
    const flow = await activeFlow(t.db, ticket.companyId, ticket.flowId!);
    // Made inactive or deleted meanwhile: the run ends, the ticket waits for people.
    if (!flow) return void (await endTicketFlowRun(t, ticket));
    const walk = resumeFlow(flow.graph, state, await ticketWalkOptions(t.db, ticket, flow.graph));
    const next = await applyWalk(ctx, t, ticket, walk, { flowId: flow.id });
    await scheduleResume(t, data, next);
  });
}
