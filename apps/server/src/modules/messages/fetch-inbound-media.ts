/**
 * The file of an inbound message whose download failed when it arrived (the
 * Graph API down or failing): ingest stored the message at once without it
 * and queued this job, which fetches the file with backoff, stores it, and
 * updates the message's bubble (appMessage update).
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { messages, whatsapps } from "../../db/schema/index.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { keepInboundFile } from "./inbound-file.js";

const payload = z.object({ messageId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;

export const fetchInboundMedia: JobDefinition<Payload> = {
  name: "fetch-inbound-media",
  payload,
  // The first retry after 2-4 s, each next one about twice as late: the 15th comes a day or two
  // later (Meta keeps an inbound file for weeks). A run is one download of at most 120 s.
  policy: { retryLimit: 15, retryDelay: 2, retryBackoff: true, expireInSeconds: 180 },
  run: fetchPendingMedia,
};

/** For a message already stored (ingest queues a new message's fetch in its own transaction). */
export function queueMediaFetch(ctx: Context, messageId: number): Promise<void> {
  return ctx.jobs.send(fetchInboundMedia, { messageId });
}

/** Idempotent: a message already holding its file, or gone with its contact or connection, is left alone. */
async function fetchPendingMedia(ctx: Context, { messageId }: Payload): Promise<void> {
  const [row] = await ctx.db
    .select({ message: messages, connection: whatsapps })
    .from(messages)
    .innerJoin(whatsapps, eq(whatsapps.id, messages.whatsappId))
    .where(eq(messages.id, messageId));
  if (!row || row.message.mediaPath || row.connection.provider !== "cloud") return;
  const { message } = row;
  // A failure throws: pg-boss tries again later.
  const file = await ctx.channels.cloudReceiver(row.connection).refetchMedia(message.providerData);
  const media = await keepInboundFile(ctx, message.companyId, file);
  if (!media) return;
  const [updated] = await ctx.db
    .update(messages)
    .set({ mediaPath: media.mediaPath, mediaName: media.mediaName, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), isNull(messages.mediaPath)))
    .returning({ id: messages.id });
  // Another run stored the file meanwhile: its copy is the one kept.
  if (!updated) return ctx.media.remove(media.mediaPath);
  await ctx.events.published("message.updated", {
    companyId: message.companyId,
    ticketId: message.ticketId,
    messageId,
  });
}
