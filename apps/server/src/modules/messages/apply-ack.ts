/**
 * A provider's status report about a message we sent (core-platform §4.2):
 * acks only rise (1 pending → 2 sent → 3 delivered → 4 read → 5 played), so a
 * late "sent" never hides a "read"; a failure keeps the message and sets
 * sendError, which the agent sees as failed.
 *
 * A report may come before its message's provider id is stored: the Cloud API
 * can post "sent" or "delivered" while the send's own HTTP answer is still on
 * its way, and WhatsApp Web may report a receipt before the message's upsert.
 * Such a report waits in pending_acks (the database, so whichever server
 * process stores the id applies it) and is applied by `claimPendingAck` the
 * moment the id is stored. A report nobody claims within a day (a message sent
 * from another app on the same number) is pruned.
 */
import { and, eq, exists, lt, or, sql } from "drizzle-orm";
import type { AckUpdate } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { messages, pendingAcks } from "../../db/schema/index.js";
import { applyCampaignAck } from "../campaigns/campaign-acks.js";

interface AckConnection {
  id: number;
  companyId: number;
}

export async function applyAck(ctx: Context, connection: AckConnection, update: AckUpdate): Promise<void> {
  const changed = await raiseAck(ctx.db, connection, update);
  if (changed) return announceChange(ctx, connection, changed);
  if (await isStored(ctx.db, connection, update.wid)) return;
  // A campaign's message is no stored message: its reports are the campaign's (campaign-acks.ts).
  if (await applyCampaignAck(ctx, connection, update)) return;
  await keepPending(ctx.db, connection, update);
  // The id may have been stored between the update above and the insert (by this or another process),
  // after its storer looked for pending reports: claiming again here closes that window.
  const settled = await claimPendingAck(ctx.db, connection, update.wid);
  if (settled) await announceChange(ctx, connection, settled);
}

/**
 * The report kept for this provider id, if any and once its message is
 * stored, applied to the message and removed (by one process only: the delete
 * decides). The caller announces the message with its ack.
 */
export async function claimPendingAck(db: Db, connection: AckConnection, wid: string) {
  const [pending] = await db
    .delete(pendingAcks)
    .where(
      and(
        eq(pendingAcks.whatsappId, connection.id),
        eq(pendingAcks.wid, wid),
        exists(db.select({ id: messages.id }).from(messages).where(ofMessage(connection, wid))),
      ),
    )
    .returning({ ack: pendingAcks.ack, error: pendingAcks.error });
  if (!pending) return undefined;
  return raiseAck(db, connection, { wid, ack: pending.ack as AckUpdate["ack"], error: pending.error ?? undefined });
}

/**
 * claimPendingAck for several messages whose provider ids were just stored (the send sweep's batch): one
 * look for all of them; the caller announces the messages.
 */
export async function claimPendingAcks(db: Db, sent: { connection: AckConnection; wid: string }[]): Promise<void> {
  if (!sent.length) return;
  const [ids, wids] = [sql.param(sent.map((s) => s.connection.id)), sql.param(sent.map((s) => s.wid))];
  const pairs = sql`select * from unnest(${ids}::int[], ${wids}::text[])`;
  const claimed = await db
    .delete(pendingAcks)
    .where(sql`(${pendingAcks.whatsappId}, ${pendingAcks.wid}) in (${pairs})`)
    .returning({
      whatsappId: pendingAcks.whatsappId,
      wid: pendingAcks.wid,
      ack: pendingAcks.ack,
      error: pendingAcks.error,
    });
  for (const pending of claimed) {
    const { connection } = sent.find((s) => s.wid === pending.wid && s.connection.id === pending.whatsappId)!;
    const update = { wid: pending.wid, ack: pending.ack as AckUpdate["ack"], error: pending.error ?? undefined };
    await raiseAck(db, connection, update);
  }
}

/** Writes the report on its message when it changes something; the message's ids when it did. */
async function raiseAck(db: Db, connection: AckConnection, update: AckUpdate) {
  // Only a row that changes is written (and announced): a repeated or older status does nothing.
  const [row] = await db
    .update(messages)
    .set({
      ack: sql`greatest(${messages.ack}, ${update.ack})`,
      ...(update.error ? { sendError: update.error } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        ofMessage(connection, update.wid),
        update.error
          ? or(lt(messages.ack, update.ack), sql`${messages.sendError} is distinct from ${update.error}`)
          : lt(messages.ack, update.ack),
      ),
    )
    .returning({ id: messages.id, ticketId: messages.ticketId });
  return row;
}

const ofMessage = (connection: AckConnection, wid: string) =>
  and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid));

async function isStored(db: Db, connection: AckConnection, wid: string) {
  const [row] = await db.select({ id: messages.id }).from(messages).where(ofMessage(connection, wid)).limit(1);
  return Boolean(row);
}

/** One row per provider id: the highest ack and any error reported so far. */
async function keepPending(db: Db, connection: AckConnection, update: AckUpdate) {
  await db
    .insert(pendingAcks)
    .values({ whatsappId: connection.id, wid: update.wid, ack: update.ack, error: update.error ?? null })
    .onConflictDoUpdate({
      target: [pendingAcks.whatsappId, pendingAcks.wid],
      set: {
        ack: sql`greatest(${pendingAcks.ack}, excluded.ack)`,
        error: sql`coalesce(excluded.error, ${pendingAcks.error})`,
      },
    });
  // Pruned as new ones come (the received_at index makes it cheap): what a day did not claim never will.
  await db.delete(pendingAcks).where(lt(pendingAcks.receivedAt, sql`now() - interval '1 day'`));
}

function announceChange(ctx: Context, connection: AckConnection, row: { id: number; ticketId: number }) {
  return ctx.events.published("message.updated", {
    companyId: connection.companyId,
    ticketId: row.ticketId,
    messageId: row.id,
  });
}
