/**
 * A schedule's image (business-areas §2.8, §5, §7 media-upload): .png, .jpg
 * or .jpeg within the image limit, checked by name, first bytes and size
 * before anything is stored (media/storage.ts imageKind), in the company's
 * own folder. Only while the schedule is editable; a refused upload stores
 * nothing and keeps the old image.
 */
import path from "node:path";
import type { ScheduleDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { schedules } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadLimits } from "../../http/uploads.js";
import { imageKind, type StoredMedia } from "../../media/storage.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentSchedule } from "./schedules.presenter.js";
import { findSchedule } from "./schedules.queries.js";
import { lockEditable } from "./schedules.service.js";

/** The multipart `file` part: one image; any other kind is refused by its name before its bytes are read. */
export const scheduleUploads: UploadLimits = {
  fileField: "file",
  maxFiles: 1,
  maxBytes: imageKind.maxBytes,
  fileMaxBytes: ({ filename }) => {
    if (!(imageKind.extensions as readonly string[]).includes(path.extname(filename).toLowerCase()))
      throw new AppError("ERR_INVALID_FILE");
    return imageKind.maxBytes;
  },
};

/** Sets the image while the schedule is still editable; answers the image it replaced. */
async function setMedia(ctx: Context, who: AccessClaims, id: number, media: Record<keyof StoredMedia, string | null>) {
  return ctx.events.transaction(async (t) => {
    const before = await lockEditable(t.db, who.companyId, id);
    await t.db
      .update(schedules)
      .set({ ...media, updatedAt: new Date() })
      .where(and(eq(schedules.id, id), eq(schedules.companyId, who.companyId)));
    t.record("schedule.updated", { companyId: who.companyId, scheduleId: id });
    return before.mediaPath;
  });
}

async function answer(ctx: Context, who: AccessClaims, id: number): Promise<ScheduleDto> {
  return presentSchedule((await findSchedule(ctx.db, who.companyId, id))!);
}

/** The schedule is checked (it exists and is editable) before the file is read. */
export async function uploadScheduleMedia(
  ctx: Context,
  who: AccessClaims,
  id: number,
  upload: Upload,
): Promise<ScheduleDto> {
  await ctx.db.transaction((tx) => lockEditable(tx, who.companyId, id));
  return upload(async (form) => {
    const file = form.files[0];
    if (!file) throw new AppError("ERR_INVALID_FILE");
    const stored = await ctx.media.keep(who.companyId, file, imageKind);
    const replaced = await setMedia(ctx, who, id, stored).catch(async (err: unknown) => {
      // Deleted or sent while uploading: leave no orphan file behind.
      await ctx.media.remove(stored.mediaPath);
      throw err;
    });
    await ctx.media.remove(replaced);
    return answer(ctx, who, id);
  });
}

export async function removeScheduleMedia(ctx: Context, who: AccessClaims, id: number): Promise<ScheduleDto> {
  const replaced = await setMedia(ctx, who, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(replaced);
  return answer(ctx, who, id);
}
