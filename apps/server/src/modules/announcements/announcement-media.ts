/**
 * The announcement's image (business-areas §2.14, §7 media-upload): .png,
 * .jpg or .jpeg, checked by type, first bytes and size by the media storage.
 * Images live in the platform-wide folder every signed-in user may read.
 * A refused upload stores nothing and leaves the old image in place.
 */
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { announcements } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadLimits } from "../../http/uploads.js";
import { imageKind, SHARED_FOLDER } from "../../media/storage.js";
import { presentAnnouncement } from "./announcements.presenter.js";
import { loadAnnouncement } from "./announcements.service.js";
import type { AnnouncementDto } from "@balcao/contracts";

async function setMedia(ctx: Context, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  const [row] = await ctx.db
    .update(announcements)
    .set({ ...media, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  await ctx.events.published("announcement.updated", { announcementId: id });
  return presentAnnouncement(row!);
}

/** The multipart `file` part: one image within the image limit. */
export const announcementUploads: UploadLimits = {
  fileField: "file",
  maxFiles: 1,
  maxBytes: imageKind.maxBytes,
  fileMaxBytes: () => imageKind.maxBytes,
  shared: true,
};

/** The announcement is looked up before the image is read. */
export async function uploadAnnouncementMedia(ctx: Context, id: number, upload: Upload): Promise<AnnouncementDto> {
  const before = await loadAnnouncement(ctx, id);
  return upload(async (form) => {
    const file = form.files[0];
    if (!file) throw new AppError("ERR_INVALID_FILE");
    const stored = await ctx.media.keep(SHARED_FOLDER, file, imageKind);
    const saved = await loadAnnouncement(ctx, id).catch(async (err: unknown) => {
      // Deleted while uploading: do not leave an orphan file behind.
      await ctx.media.remove(stored.mediaPath);
      throw err;
    });
    const result = await setMedia(ctx, saved.id, stored);
    await ctx.media.remove(before.mediaPath);
    return result;
  });
}

export async function removeAnnouncementMedia(ctx: Context, id: number): Promise<AnnouncementDto> {
  const row = await loadAnnouncement(ctx, id);
  const result = await setMedia(ctx, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(row.mediaPath);
  return result;
}
