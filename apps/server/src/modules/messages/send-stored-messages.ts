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
import type { JobDefinition } from "../../jobs/jobs.js";
import { announceMessage, deliver } from "./send-message.js";

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
  run: async (ctx, { messageIds }) => {
    for (const id of messageIds) await sendStored(ctx, id);
  },
};

const notAttempted = sql`(${messages.providerData} -> 'attemptedAt') is null`;

async function sendStored(ctx: Context, messageId: number): Promise<void> {
  const [claimed] = await ctx.db
    .update(messages)
    .set({
      providerData: sql`coalesce(${messages.providerData}, '{}'::jsonb) || jsonb_build_object('attemptedAt', now())`,
    })
    .where(
      and(
        eq(messages.id, messageId),
        isNull(messages.wid),
        isNull(messages.sendError),
        eq(messages.isDeleted, false),
        notAttempted,
      ),
    )
    .returning({ companyId: messages.companyId });
  if (!claimed) return settleInterrupted(ctx, messageId);
  // A refusal is kept on the message (failed, with the provider's reason); the next message still goes.
  await deliver(ctx, claimed.companyId, messageId).catch((err: unknown) =>
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
