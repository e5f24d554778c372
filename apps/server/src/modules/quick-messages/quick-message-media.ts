/**
 * A quick message's attachment (business-areas §2.7, §7 media-upload): the
 * message input later sends it as a file, so it must pass the same rules as a
 * file an agent sends (type by name and first bytes, WhatsApp's limits),
 * within the quick messages' own cap. Spaces in its name become underscores.
 * A refused upload stores nothing and keeps the old attachment.
 */
import path from "node:path";
import { quickMessageLimits, type QuickMessageDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { quickMessages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { Upload, UploadLimits } from "../../http/uploads.js";
import type { AccessClaims } from "../auth/tokens.js";
import { fileCap, prepareFile, storageKind } from "../messages/outbound-media.js";
import { loadEditableQuickMessage, quickMessageUpdated } from "./quick-messages.service.js";

/** The multipart `file` part (typeArch='quickMessage' rides along): its kind's limit, within the cap. */
export const quickMessageUploads: UploadLimits = {
  fileField: "file",
  maxFiles: 1,
  maxBytes: quickMessageLimits.mediaMaxBytes,
  fileMaxBytes: (file) =>
    Math.min(fileCap({ ...file, filename: underscoredName(file.filename) }), quickMessageLimits.mediaMaxBytes),
};

/** "My price list.pdf" → "My_price_list.pdf" (business-areas §5). */
export function underscoredName(filename: string): string {
  return path.basename(filename.replace(/\\/g, "/")).trim().replace(/\s+/g, "_");
}

async function setMedia(
  ctx: Context,
  who: AccessClaims,
  id: number,
  media: { mediaPath: string | null; mediaName: string | null },
) {
  const [row] = await ctx.db
    .update(quickMessages)
    .set({ ...media, updatedAt: new Date() })
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, who.companyId)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return quickMessageUpdated(ctx, row);
}

/** The quick message is checked (the caller may edit it) before the file is read. */
export async function uploadQuickMessageMedia(
  ctx: Context,
  who: AccessClaims,
  id: number,
  upload: Upload,
): Promise<QuickMessageDto> {
  const before = await loadEditableQuickMessage(ctx, who, id);
  return upload(async (form) => {
    const file = form.files[0];
    if (!file) throw new AppError("ERR_INVALID_FILE");
    const prepared = await prepareFile(ctx, { ...file, filename: underscoredName(file.filename) }, form.derived);
    const stored = await ctx.media.keep(
      who.companyId,
      { ...prepared, filename: prepared.fileName },
      storageKind(prepared),
    );
    const saved = await setMedia(ctx, who, id, stored).catch(async (err: unknown) => {
      // Deleted while uploading: leave no orphan file behind.
      await ctx.media.remove(stored.mediaPath);
      throw err;
    });
    await ctx.media.remove(before.mediaPath);
    return saved;
  });
}

export async function removeQuickMessageMedia(ctx: Context, who: AccessClaims, id: number): Promise<QuickMessageDto> {
  const row = await loadEditableQuickMessage(ctx, who, id);
  const saved = await setMedia(ctx, who, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(row.mediaPath);
  return saved;
}
