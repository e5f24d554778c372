/**
 * A quick message's attachment (business-areas §2.7, §7 media-upload): the
 * message input later sends it as a file, so it must pass the same rules as a
 * file an agent sends (type by name and first bytes, WhatsApp's limits),
 * within the quick messages' own cap. Spaces in its name become underscores.
 * A refused upload stores nothing and keeps the old attachment.
 */
import path from "node:path";
import { quickMessageLimits, type QuickMessageDto } from "@balcao/contracts";
import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { quickMessages } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { prepareFile, storageKind, type UploadedFile } from "../messages/outbound-media.js";
import { loadEditableQuickMessage, publishQuickMessage } from "./quick-messages.service.js";

/** The multipart `file` part (typeArch='quickMessage' rides along), read to one byte past the cap. */
export async function readQuickMessageFile(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError("ERR_INVALID_FILE");
  const part = await req.file({
    limits: { fileSize: quickMessageLimits.mediaMaxBytes + 1 },
    throwFileSizeLimit: false,
  });
  if (!part) throw new AppError("ERR_INVALID_FILE");
  const data = await part.toBuffer();
  if (part.file.truncated || data.length > quickMessageLimits.mediaMaxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
  return { filename: part.filename, mimetype: part.mimetype, data };
}

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
  return publishQuickMessage(ctx, "update", row);
}

export async function uploadQuickMessageMedia(
  ctx: Context,
  who: AccessClaims,
  id: number,
  file: UploadedFile,
): Promise<QuickMessageDto> {
  const before = await loadEditableQuickMessage(ctx, who, id);
  const prepared = await prepareFile({ ...file, filename: underscoredName(file.filename) });
  const stored = await ctx.media.save(
    who.companyId,
    { filename: prepared.fileName, data: prepared.data },
    storageKind(prepared),
  );
  const saved = await setMedia(ctx, who, id, stored).catch(async (err: unknown) => {
    // Deleted while uploading: leave no orphan file behind.
    await ctx.media.remove(stored.mediaPath);
    throw err;
  });
  await ctx.media.remove(before.mediaPath);
  return saved;
}

export async function removeQuickMessageMedia(ctx: Context, who: AccessClaims, id: number): Promise<QuickMessageDto> {
  const row = await loadEditableQuickMessage(ctx, who, id);
  const saved = await setMedia(ctx, who, id, { mediaPath: null, mediaName: null });
  await ctx.media.remove(row.mediaPath);
  return saved;
}
