/**
 * A campaign's attachment (business-areas §2.11 "Media attach and delete",
 * §7 media-upload): one file, sent later as a WhatsApp message to every
 * recipient, so it passes the rules of a file an agent sends
 * (messages/outbound-media.ts: kind by name and first bytes, WhatsApp's limit
 * for its kind), checked before anything is stored, and kept in the
 * company's own media folder. Only while the campaign is editable, or
 * CANCELADA (its restart sends it); a refused upload stores nothing and
 * keeps the old file.
 */
import type { CampaignDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { campaigns } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadLimits } from "../../http/uploads.js";
import type { StoredMedia } from "../../media/storage.js";
import { fileCap, largestFile, prepareFile, storageKind } from "../messages/outbound-media.js";
import { lockEditable, savedCampaign } from "./campaigns.service.js";

/** The multipart `file` part: one file, cut off at its kind's limit (a kind WhatsApp does not carry: at once). */
export const campaignUploads: UploadLimits = {
  fileField: "file",
  maxFiles: 1,
  maxBytes: largestFile,
  fileMaxBytes: fileCap,
};

/** Sets the attachment while the campaign still takes one; answers the file it replaced. */
async function setMedia(ctx: Context, companyId: number, id: number, media: Record<keyof StoredMedia, string | null>) {
  return ctx.events.transaction(async (t) => {
    const before = await lockEditable(t.db, companyId, id, true);
    await t.db
      .update(campaigns)
      .set({ ...media, updatedAt: new Date() })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)));
    t.record("campaign.updated", { companyId, campaignId: id });
    return before.mediaPath;
  });
}

/** The campaign is checked (it exists and takes an attachment) before the file is read. */
export async function uploadCampaignMedia(
  ctx: Context,
  companyId: number,
  id: number,
  upload: Upload,
): Promise<CampaignDto> {
  await ctx.db.transaction((tx) => lockEditable(tx, companyId, id, true));
  return upload(async (form) => {
    const file = form.files[0];
    if (!file) throw new AppError("ERR_INVALID_FILE");
    const prepared = await prepareFile(ctx, file, form.derived);
    const stored = await ctx.media.keep(companyId, { ...prepared, filename: prepared.fileName }, storageKind(prepared));
    const replaced = await setMedia(ctx, companyId, id, stored).catch(async (err: unknown) => {
      // Deleted or started while uploading: leave no orphan file behind.
      await ctx.media.remove(stored.mediaPath);
      throw err;
    });
    await ctx.media.remove(replaced);
    return savedCampaign(ctx, companyId, id);
  });
}

export async function removeCampaignMedia(ctx: Context, companyId: number, id: number): Promise<CampaignDto> {
  const replaced = await setMedia(ctx, companyId, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(replaced);
  return savedCampaign(ctx, companyId, id);
}
