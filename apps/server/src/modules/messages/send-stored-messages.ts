/**
 * Sends one stored message at most once, outside the send sweep: a scheduled
 * message (send-schedule.job.ts), whose job waits for its connection through
 * its retries and settles the schedule with the outcome. The sweep
 * (send-sweep.ts) does the same for a batch of automatic messages.
 *
 * Never twice: before handing the message to the driver, the attempt is
 * marked in its own commit. A run that finds the mark without the outcome
 * (its process died while WhatsApp was answering, or after) cannot know
 * whether the customer got it, so it leaves the message failed — visible,
 * and the agent may send it again — instead of sending it a second time.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { messages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { CompanyPaused } from "../../jobs/paused-jobs.js";
import { mayWork } from "../companies/subscription.js";
import { announceMessage, deliver } from "./send-message.js";
import { notAttempted, sendStatements } from "./send-message.prepared.js";

/** How long a message waits for its connection to run (a restart, a WhatsApp Web session reconnecting). */
export const connectionWaitMs = 2 * 60_000;

/**
 * The company must work and the connection run before anything is attempted.
 * A company switched off or expired keeps the message unsent (CompanyPaused:
 * the caller's job is kept until it works again). Until the connection runs the
 * message is surely not sent, so the caller's job is tried again later; past connectionWaitMs (from the message, or from the company's
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
 * Sends one stored message at most once: throws while its connection is not running yet, so the
 * caller's job is retried; its outcome is kept on the message.
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
