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
 * storeInbound: one statement writes the message with what it changes (the
 * contact, the ticket, a new ticket's timeline row, automation's mark), alone
 * for most messages; one whose domain events need jobs written with it
 * (timers, a campaign's reply, a file to fetch) is stored in a transaction
 * with them → after the commit, the realtime subscriber announces it
 * (messages.subscribers.ts).
 * Media the provider lets us fetch again (Cloud API) that fails to download
 * is left pending: the message is stored and announced at once, and a job
 * queued in the same transaction fetches the file (fetch-inbound-media.ts);
 * other media that fails is kept without its file.
 */
import type { InboundMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { StoredMedia } from "../../media/storage.js";
import { campaignReply } from "../campaigns/campaign-reply.job.js";
import { settingValue } from "../settings/settings.queries.js";
import { claimPendingAck } from "./apply-ack.js";
import type { EventTransaction } from "../../events/bus.js";
import type { DomainEvent } from "../../events/events.js";
import { isIdentityRace } from "./ingest-contact.js";
import { fetchInboundMedia, queueMediaFetch } from "./fetch-inbound-media.js";
import { keepInboundFile } from "./inbound-file.js";
import { storableInbound } from "./ingest-storable.js";
import { applyNumberChange } from "./number-change.js";
import {
  needsTransaction,
  storeInbound,
  storeInboundAlone,
  type IngestConnection,
  type StoredInbound,
} from "./ingest-store.js";
import { changeStored, storedMessage } from "./stored-message.js";
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
  // Foreground work (jobs/foreground.ts): a bot's answers to earlier messages give way to it. The media
  // download above is not: a slow file would hold them back for nothing.
  const stored = await ctx.jobs.foreground.during(() => storeAndRecord(ctx, connection, inbound, media));
  if (!stored) {
    // A concurrent repeat of the same delivery won the insert; its copy of the file is the one kept.
    await ctx.media.remove(media?.stored?.mediaPath);
    return;
  }
  // Sent from the phone: a receipt may have come before the message itself (kept in pending_acks).
  if (inbound.fromMe) await claimPendingAck(ctx.db, connection, inbound.wid);
}

/** Tries of the whole change when a contact's join meets a row a concurrent delivery committed. */
const attempts = 3;

/**
 * Connections whose last message needed a transaction (they keep timers; a campaign's reply): the next
 * goes straight to one. A hint only: the statement itself tells when a message needs one.
 */
const transactional = new WeakMap<Context, Set<number>>();

/**
 * Most messages are stored by one autocommit statement that writes everything they change (ingest-store.ts),
 * their events published after it. One that needs jobs written with it (timers to arm, a campaign's reply to
 * follow, a file to fetch) or a group's participant first is stored in a transaction with its events.
 */
async function storeAndRecord(
  ctx: Context,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: { stored?: StoredMedia; pending?: boolean } | undefined,
): Promise<StoredInbound | undefined> {
  let busy = transactional.get(ctx);
  if (!busy) transactional.set(ctx, (busy = new Set()));
  const mayGoAlone =
    !media?.pending &&
    !(inbound.isGroup && !inbound.fromMe) &&
    !busy.has(connection.id) &&
    ctx.events.committable(["ticket.created", "message.received"]);
  for (let attempt = 1; ; attempt++) {
    try {
      const alone = mayGoAlone
        ? await storeInboundAlone(ctx.database.raw, connection, inbound, media?.stored)
        : needsTransaction;
      if (alone !== needsTransaction) {
        busy.delete(connection.id);
        if (alone) await ctx.events.committed(receivedEvents(connection, inbound, alone));
        return alone;
      }
      busy.add(connection.id);
      return await ctx.events.transaction(async (e) => {
        const stored = await storeInbound(e.raw, connection, inbound, media?.stored);
        if (stored) await recordReceived(e, connection, inbound, stored, media?.pending);
        return stored;
      });
    } catch (err) {
      if (!isIdentityRace(err) || attempt === attempts) throw err;
    }
  }
}

async function recordReceived(
  e: EventTransaction,
  connection: IngestConnection,
  inbound: InboundMessage,
  stored: StoredInbound,
  mediaPending: boolean | undefined,
) {
  if (mediaPending) await e.enqueue(fetchInboundMedia, { messageId: stored.messageId });
  // A reply to a campaign (a confirmation, an opt-out word) is the campaign's to follow; the message stays here.
  if (stored.answersCampaign)
    await e.enqueue(campaignReply, {
      companyId: connection.companyId,
      whatsappId: connection.id,
      number: inbound.chatNumber,
      messageId: stored.messageId,
    });
  for (const { name, payload } of receivedEvents(connection, inbound, stored)) e.record(name, payload);
}

function receivedEvents(connection: IngestConnection, inbound: InboundMessage, stored: StoredInbound): DomainEvent[] {
  const { companyId } = connection;
  const created = {
    name: "ticket.created",
    payload: {
      companyId,
      ticketId: stored.ticketId,
      byUserId: null,
      queueId: null,
      status: "pending",
      byMessage: true,
    },
  } satisfies DomainEvent<"ticket.created">;
  const received = {
    name: "message.received",
    payload: {
      companyId,
      ticketId: stored.ticketId,
      messageId: stored.messageId,
      contactId: stored.contactId,
      whatsappId: connection.id,
      ticketIsNew: stored.ticketIsNew,
      connectionHasTimers: stored.connectionHasTimers,
      fromMe: inbound.fromMe,
      isGroup: inbound.isGroup,
      newContactIds: stored.newContactIds,
      changedContactIds: stored.changedContactIds,
    },
  } satisfies DomainEvent<"message.received">;
  return stored.ticketIsNew ? [created, received] : [received];
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
  await ctx.events.published("message.updated", {
    companyId: connection.companyId,
    ticketId: changed.ticketId,
    messageId: changed.id,
  });
}
