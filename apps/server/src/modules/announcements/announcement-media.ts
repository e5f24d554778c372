/**
 * The announcement's image (business-areas §2.14, §7 media-upload): .png,
 * .jpg or .jpeg, checked by type, first bytes and size by the media storage.
 * Images live in the platform-wide folder every signed-in user may read.
 * A refused upload stores nothing and leaves the old image in place.
 */
import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { announcements } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { imageKind, SHARED_FOLDER } from "../../media/storage.js";
import { presentAnnouncement } from "./announcements.presenter.js";
import { publishAnnouncement } from "./announcements.realtime.js";
import { loadAnnouncement } from "./announcements.service.js";
import type { AnnouncementDto } from "@balcao/contracts";

async function setMedia(ctx: Context, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  const [row] = await ctx.db
    .update(announcements)
    .set({ ...media, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  await publishAnnouncement(ctx, "update", row!);
  return presentAnnouncement(row!);
}

/**
 * The multipart `file` part, read to at most one byte past the image limit:
 * busboy drops the rest, so an oversized upload is refused (ERR_FILE_TOO_LARGE
 * by the storage) without buffering all of it.
 */
export async function readImagePart(req: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  if (!req.isMultipart()) throw new AppError("ERR_INVALID_FILE");
  const part = await req.file({ limits: { fileSize: imageKind.maxBytes + 1 }, throwFileSizeLimit: false });
  if (!part) throw new AppError("ERR_INVALID_FILE");
  return { filename: part.filename, data: await part.toBuffer() };
}

export async function uploadAnnouncementMedia(
  ctx: Context,
  id: number,
  file: { filename: string; data: Buffer },
): Promise<AnnouncementDto> {
  const before = await loadAnnouncement(ctx, id);
  const stored = await ctx.media.save(SHARED_FOLDER, file, imageKind);
  const saved = await loadAnnouncement(ctx, id).catch(async (err: unknown) => {
    // Deleted while uploading: do not leave an orphan file behind.
    await ctx.media.remove(stored.mediaPath);
    throw err;
  });
  const result = await setMedia(ctx, saved.id, stored);
  await ctx.media.remove(before.mediaPath);
  return result;
}

export async function removeAnnouncementMedia(ctx: Context, id: number): Promise<AnnouncementDto> {
  const row = await loadAnnouncement(ctx, id);
  const result = await setMedia(ctx, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(row.mediaPath);
  return result;
}
