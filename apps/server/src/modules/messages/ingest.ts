/**
 * The inbound pipeline (DESIGN §6): a driver's normalised message is stored
 * once per (connection, provider id), on the contact's active ticket, and
 * announced to the company's sockets. A driver acknowledges the provider only
 * after this resolves, so nothing is lost; a repeat stores nothing twice.
 *
 * Steps: filter (group setting, edits/revokes, removed reactions) → for media,
 * already stored? then the file streamed into company storage, within the
 * size limit (outside any transaction: it is a network download) →
 * storeInbound → announce.
 * Automation (chatbot routing, flows, AI) follows `storeInbound` and works on
 * its result.
 */
import type { InboundMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { settingValue } from "../settings/settings.queries.js";
import { keepInboundFile } from "./inbound-file.js";
import { announce } from "./ingest-announce.js";
import { changeStored, isStored, storeInbound, type IngestConnection } from "./ingest-store.js";

export async function ingest(ctx: Context, connection: IngestConnection, inbound: InboundMessage): Promise<void> {
  if (inbound.isGroup && (await settingValue(ctx.db, connection.companyId, "CheckMsgIsGroup")) === "enabled") return;
  if (inbound.editOfWid || inbound.revokeOfWid) return applyChange(ctx, connection, inbound);
  // Taking a reaction back leaves the stored one: the ticket keeps what the customer did.
  if (inbound.reaction && !inbound.reaction.emoji) return;
  // Only a repeat with media is worth a look first (no second download); storeInbound skips repeats itself.
  if (inbound.media && (await isStored(ctx.db, connection, inbound.wid))) return;

  // A download failure throws (the provider delivers again later); a refused file leaves the message without it.
  const media = inbound.media ? await keepInboundFile(ctx, connection.companyId, await inbound.media()) : undefined;
  const stored = await storeInbound(ctx.database, connection, inbound, media);
  if (!stored) {
    // A concurrent repeat of the same delivery won the insert; its copy of the file is the one kept.
    await ctx.media.remove(media?.mediaPath);
    return;
  }
  await announce(ctx, connection.companyId, { ...stored, action: "create" });
}

async function applyChange(ctx: Context, connection: IngestConnection, inbound: InboundMessage) {
  const changed = inbound.editOfWid
    ? await changeStored(ctx.db, connection, { wid: inbound.editOfWid, body: inbound.body })
    : await changeStored(ctx.db, connection, { wid: inbound.revokeOfWid!, revoked: true });
  // Unknown original (older than this install, or never stored): nothing to change.
  if (!changed) return;
  await announce(ctx, connection.companyId, { ticketId: changed.ticketId, messageId: changed.id, action: "update" });
}
