/**
 * The inbound pipeline (DESIGN §6): a driver's normalised message is stored
 * once per (connection, provider id), on the contact's active ticket, and
 * announced to the company's sockets. A driver acknowledges the provider only
 * after this resolves, so nothing is lost; a repeat stores nothing twice.
 *
 * Steps: strings made storable (ingest-storable.ts) → filter (group setting, edits/revokes, poll votes,
 * reactions replacing the same person's earlier one: ingest-updates.ts) →
 * a number change moves its contact first (number-change.ts) → for media,
 * already stored? then the file streamed into company storage, within the
 * size limit (outside any transaction: it is a network download) →
 * storeInbound → announce. Media the provider lets us fetch again (Cloud API)
 * that fails to download is left pending: the message is stored and announced
 * at once, and a job fetches the file (fetch-inbound-media.ts); other media
 * that fails is kept without its file.
 * Automation (chatbot routing, flows, AI) follows `storeInbound` and works on
 * its result.
 */
import type { InboundMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { StoredMedia } from "../../media/storage.js";
import { settingValue } from "../settings/settings.queries.js";
import { claimPendingAck } from "./apply-ack.js";
import { announce } from "./ingest-announce.js";
import { queueMediaFetch } from "./fetch-inbound-media.js";
import { keepInboundFile } from "./inbound-file.js";
import { storableInbound } from "./ingest-storable.js";
import { applyNumberChange } from "./number-change.js";
import { changeStored, storedMessage, storeInbound, type IngestConnection } from "./ingest-store.js";
import { applyPollVote, replaceReactions } from "./ingest-updates.js";

export async function ingest(ctx: Context, connection: IngestConnection, received: InboundMessage): Promise<void> {
  const storable = storableInbound(received);
  if (storable.isGroup && (await settingValue(ctx.db, connection.companyId, "CheckMsgIsGroup")) === "enabled") return;
  const inbound = await applyNumberChange(ctx, connection, storable);
  if (inbound.editOfWid || inbound.revokeOfWid) return applyChange(ctx, connection, inbound);
  if (inbound.pollVote) return applyPollVote(ctx, connection, inbound);
  // As WhatsApp shows them: one reaction per person per message, and an empty one takes it back.
  if (inbound.reaction) await replaceReactions(ctx, connection, inbound);
  if (inbound.reaction && !inbound.reaction.emoji) return;
  // Only a repeat with media is worth a look first (no second download); storeInbound skips repeats itself.
  if (inbound.media) {
    const known = await storedMessage(ctx.db, connection, inbound.wid);
    // A repeat of a message whose file is still missing queues its fetch (again: the job is idempotent),
    // so a delivery answered with an error after the commit loses no media either.
    if (known && !known.mediaPath && inbound.mediaRefetchable) await queueMediaFetch(ctx, known.id);
    if (known) return;
  }

  const media = inbound.media ? await storeMedia(ctx, connection.companyId, inbound) : undefined;
  const stored = await storeInbound(ctx.database, connection, inbound, media?.stored);
  if (!stored) {
    // A concurrent repeat of the same delivery won the insert; its copy of the file is the one kept.
    await ctx.media.remove(media?.stored?.mediaPath);
    return;
  }
  if (media?.pending) await queueMediaFetch(ctx, stored.messageId);
  // Sent from the phone: a receipt may have come before the message itself (kept in pending_acks).
  if (inbound.fromMe) await claimPendingAck(ctx.db, connection, inbound.wid);
  await announce(ctx, connection.companyId, { ...stored, action: "create" });
}

/**
 * A download failure never loses the message. When the provider lets us
 * fetch the file again, it is stored without it for now (`pending`, a job
 * fetches it); otherwise (WhatsApp Web, whose driver already asked the phone
 * for a new upload) it is kept without the file, shown as not received, as
 * is a file that storage refuses (over the size limit, bytes unlike its type:
 * keepInboundFile).
 */
async function storeMedia(
  ctx: Context,
  companyId: number,
  inbound: InboundMessage,
): Promise<{ stored?: StoredMedia; pending?: boolean }> {
  try {
    return { stored: await keepInboundFile(ctx, companyId, await inbound.media!()) };
  } catch (err) {
    const pending = Boolean(inbound.mediaRefetchable);
    ctx.log.warn(
      { err, companyId, wid: inbound.wid },
      pending
        ? "inbound media not downloaded; message stored, media fetched later"
        : "inbound media not downloaded; message kept without it",
    );
    return { pending };
  }
}

async function applyChange(ctx: Context, connection: IngestConnection, inbound: InboundMessage) {
  const changed = inbound.editOfWid
    ? await changeStored(ctx.db, connection, { wid: inbound.editOfWid, body: inbound.body, at: inbound.timestamp })
    : await changeStored(ctx.db, connection, { wid: inbound.revokeOfWid!, revoked: true });
  // Unknown original (older than this install, or never stored): nothing to change.
  if (!changed) return;
  await announce(ctx, connection.companyId, { ticketId: changed.ticketId, messageId: changed.id, action: "update" });
}
