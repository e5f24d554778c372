/**
 * Sends messages stored for the customer without an agent in the request (the
 * bot's answers, timers' notices, the automatic texts of ticket actions):
 * whoever decided them stored them (ack 1) and queued this job in the same
 * transaction, so a crash after that commit loses none of them, and one job
 * sends one decision's messages in their order.
 *
 * Never twice: before handing a message to the driver, the job marks the
 * attempt in its own commit. A run that finds the mark without the outcome
 * (its process died while WhatsApp was answering, or after) cannot know
 * whether the customer got it, so it leaves the message failed — visible,
 * and the agent may send it again — instead of sending it a second time.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { messages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { CompanyPaused } from "../../jobs/paused-jobs.js";
import { mayWork } from "../companies/subscription.js";
import { announceMessage, deliver } from "./send-message.js";
import { notAttempted, sendStatements } from "./send-message.prepared.js";

const payload = z.object({ messageIds: z.array(z.number().int().positive()).min(1).max(50) });
type Payload = z.infer<typeof payload>;

export const sendStoredMessages: JobDefinition<Payload> = {
  name: "send-stored-messages",
  payload,
  // A run whose process died is taken again once its time is up (and finds its attempts marked). A text's
  // send gives up after 15 s (the Graph client's timeout): 30 s each leaves room. One that outlives it
  // anyway is not sent again by the next run; its own answer still records it as sent.
  policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  expireFor: ({ messageIds }) => 30 * messageIds.length,
  // Behind a burst of bot answers (one job each), one fetch and one completion for several, in the order
  // their messages were stored. A job whose time runs out while it waits in the batch is taken again
  // and finds its messages sent or attempted: never sent twice.
  batch: { size: 8, order: ({ messageIds }) => messageIds[0]! },
  // No companyOf: each message looks at its company just before it goes (awaitConnection), and a run that
  // finds it switched off or expired is kept (CompanyPaused) with the messages not sent yet.
  run: async (ctx, { messageIds }) => {
    for (const id of messageIds) await sendStored(ctx, id);
  },
};

/** How long a message waits for its connection to run (a restart, a WhatsApp Web session reconnecting). */
const connectionWaitMs = 2 * 60_000;

/**
 * The company must work and the connection run before anything is attempted.
 * A company switched off or expired keeps the message unsent (CompanyPaused:
 * the job is kept until it works again). Until the connection runs the message
 * is surely not sent, so the job is tried again later (pg-boss' retry with
 * backoff); past connectionWaitMs (from the message, or from the company's
 * return for one kept meanwhile) it is left failed for the agent. Answers
 * where the message goes (deliver's read, done here in the same statement).
 */
async function awaitConnection(ctx: Context, messageId: number) {
  const [row] = await sendStatements(ctx.db).destination.execute({ messageId });
  if (row && !mayWork(row.company)) throw new CompanyPaused(row.company.id);
  // Gone, or a ticket without a connection: deliver records the outcome.
  if (!row || row.whatsappId === null || ctx.channels.sender(row.whatsappId)) return row;
  const since = Math.max(row.createdAt.getTime(), row.resumedAt?.getTime() ?? 0);
  if (Date.now() - since > connectionWaitMs) return row;
  throw new AppError("ERR_WAPP_NOT_INITIALIZED");
}

/**
 * Sends one stored message at most once (a scheduled message too, send-schedule.job.ts): throws while
 * its connection is not running yet, so the caller's job is retried; its outcome is kept on the message.
 */
export async function sendStored(ctx: Context, messageId: number): Promise<void> {
  const destination = await awaitConnection(ctx, messageId);
  const [claimed] = await sendStatements(ctx.db).claim.execute({ messageId });
  if (!claimed) return settleInterrupted(ctx, messageId);
  // Read before the claim; a message is claimed only while its ticket (and so its contact) stands.
  const found = destination && { ...destination, message: claimed };
  // A refusal is kept on the message (failed, with the provider's reason); the next message still goes.
  await deliver(ctx, claimed.companyId, messageId, found).catch((err: unknown) =>
    ctx.log.warn({ err, messageId }, "automatic message not sent"),
  );
}

/** A message attempted by a run that never recorded the outcome is shown failed; anything else is done already. */
async function settleInterrupted(ctx: Context, messageId: number): Promise<void> {
  const [failed] = await ctx.db
    .update(messages)
    .set({ sendError: "ERR_SENDING_WAPP_MSG", updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), isNull(messages.wid), isNull(messages.sendError), sql`not ${notAttempted}`))
    .returning({ companyId: messages.companyId, ticketId: messages.ticketId });
  if (!failed) return;
  ctx.log.warn({ messageId }, "automatic message interrupted while sending: left failed, not sent again");
  await announceMessage(ctx, failed.companyId, messageId, failed.ticketId);
}
