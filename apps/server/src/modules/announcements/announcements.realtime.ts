/**
 * company-announcement (business-areas §4, core-platform §7.9): platform-wide,
 * {action, record} on create/update and {action: "delete", id} on delete.
 * Inactive announcements are hidden from everyone but super users, so an
 * inactive record goes in full to super sockets only; every other socket is
 * told to drop it (a delete), which also clears it from popovers already open.
 */
import { channels, rooms, type ChannelPayloads } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { presentAnnouncement, type AnnouncementRow } from "./announcements.presenter.js";

type Payload = ChannelPayloads["announcement"];

function isSuperSocket(data: unknown): boolean {
  // The realtime server keeps the verified access claims on each socket.
  return (data as { claims?: { super?: boolean } } | undefined)?.claims?.super === true;
}

export async function publishAnnouncement(ctx: Context, action: "create" | "update", row: AnnouncementRow) {
  const payload: Payload = { action, record: presentAnnouncement(row) };
  if (row.status) {
    ctx.realtime.broadcast("announcement", payload);
    return;
  }
  const hidden: Payload = { action: "delete", id: row.id };
  // fetchSockets also reaches sockets on other nodes through the adapter.
  const sockets = await ctx.realtime.io.in(rooms.platform()).fetchSockets();
  for (const socket of sockets) socket.emit(channels.announcement(), isSuperSocket(socket.data) ? payload : hidden);
}

export function publishAnnouncementDeleted(ctx: Context, id: number) {
  ctx.realtime.broadcast("announcement", { action: "delete", id });
}
