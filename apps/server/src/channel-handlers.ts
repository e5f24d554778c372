/**
 * What the channels' driver events do (DESIGN §2: channel drivers do not
 * import business modules; this file connects them). server.ts hands this to
 * the ChannelManager; a test building its own manager does the same.
 */
import type { ChannelHandlers } from "./channels/manager.js";
import { keepRejection } from "./modules/inbound-rejections/inbound-rejections.service.js";
import { applyAck } from "./modules/messages/apply-ack.js";
import { ingest } from "./modules/messages/ingest.js";
import { learnNumber } from "./modules/messages/learn-number.js";
import { receiveCall } from "./modules/messages/receive-call.js";
import { applySession } from "./modules/whatsapps/apply-session.js";

export const channelHandlers: ChannelHandlers = (ctx, connection) => ({
  message: (inbound) => ingest(ctx, connection, inbound),
  ack: (update) => applyAck(ctx, connection, update),
  session: (update) => applySession(ctx, connection, update),
  call: (call, reject) => receiveCall(ctx, connection, call, reject),
  rejected: (rejection) => keepRejection(ctx, connection, rejection),
  identity: (update) => learnNumber(ctx.db, connection, update),
});
