/**
 * The session buttons of the connections page (core-platform §4.3, §7.4):
 * start ("try again"), renew ("new QR") and disconnect. The channel manager
 * runs them where the session lives; the page follows the outcome through
 * whatsappSession events.
 */
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { findWhatsapp } from "./whatsapps.queries.js";

export type SessionAction = "start" | "renew" | "disconnect";

const answers: Record<SessionAction, string> = {
  start: "Starting session.",
  renew: "Starting session.",
  disconnect: "Session disconnected.",
};

export async function sessionCommand(
  ctx: Context,
  companyId: number,
  whatsappId: number,
  action: SessionAction,
): Promise<{ message: string }> {
  if (!(await findWhatsapp(ctx.db, companyId, whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
  if (action === "start") await ctx.channels.startSession(whatsappId);
  else if (action === "renew") await ctx.channels.renewSession(whatsappId);
  else await ctx.channels.disconnectSession(whatsappId);
  return { message: answers[action] };
}
