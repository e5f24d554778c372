/**
 * A provider's status report about a message we sent (core-platform §4.2):
 * acks only rise (1 pending → 2 sent → 3 delivered → 4 read → 5 played), so a
 * late "sent" never hides a "read"; a failure keeps the message and sets
 * sendError, which the agent sees as failed.
 */
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { AckUpdate } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { messages } from "../../db/schema/index.js";
import { announce } from "./ingest-announce.js";

export async function applyAck(
  ctx: Context,
  connection: { id: number; companyId: number },
  update: AckUpdate,
): Promise<void> {
  const ofThisMessage = and(
    eq(messages.companyId, connection.companyId),
    eq(messages.whatsappId, connection.id),
    eq(messages.wid, update.wid),
  );
  // Only a row that changes is written (and announced): a repeated or older status does nothing.
  const [row] = await ctx.db
    .update(messages)
    .set({
      ack: sql`greatest(${messages.ack}, ${update.ack})`,
      ...(update.error ? { sendError: update.error } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        ofThisMessage,
        update.error
          ? or(lt(messages.ack, update.ack), sql`${messages.sendError} is distinct from ${update.error}`)
          : lt(messages.ack, update.ack),
      ),
    )
    .returning({ id: messages.id, ticketId: messages.ticketId });
  // Unknown id: a message sent from elsewhere (another app on the same number), or not ours.
  if (!row) return;
  await announce(ctx, connection.companyId, { ticketId: row.ticketId, messageId: row.id, action: "update" });
}
