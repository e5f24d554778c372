/**
 * GET /integration-media/{deliveryId} (media-link.ts): the file of the
 * message a delivery told about, to whoever holds the link, for
 * `mediaLinkDays` after the delivery was made; anything else is 404
 * (unknown, expired, a message without a file or gone).
 */
import type { FastifyReply } from "fastify";
import { and, eq, gt } from "drizzle-orm";
import type { Context } from "../../context.js";
import { integrationDeliveries, messages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { replyWithMedia } from "../../media/media.routes.js";
import { mediaLinkDays } from "./media-link.js";

export async function serveDeliveryMedia(ctx: Context, deliveryId: string, reply: FastifyReply) {
  const since = new Date(Date.now() - mediaLinkDays * 24 * 3600 * 1000);
  const [found] = await ctx.db
    .select({ mediaPath: messages.mediaPath, companyId: messages.companyId })
    .from(integrationDeliveries)
    .innerJoin(
      messages,
      and(eq(messages.id, integrationDeliveries.messageId), eq(messages.companyId, integrationDeliveries.companyId)),
    )
    .where(and(eq(integrationDeliveries.id, deliveryId), gt(integrationDeliveries.createdAt, since)));
  if (!found?.mediaPath || !ctx.media.mayRead(found.mediaPath, found.companyId)) throw new AppError("ERR_NOT_FOUND");
  return replyWithMedia(ctx, reply, found.mediaPath);
}
