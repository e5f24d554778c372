/**
 * A customer's file into company storage, within the size limit (issue 10
 * item 5): at arrival (ingest.ts) or later (fetch-inbound-media.ts).
 */
import type { InboundMedia } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { inboundKind, type StoredMedia } from "../../media/storage.js";

/**
 * Refused by the size the provider declares before any download, else
 * streamed to disk and cut off at the limit (a provider that sends more than
 * it declared). A download failure throws. A file that storage refuses (over
 * the limit, bytes unlike its type, empty) would be refused on every retry,
 * so the message is kept without it instead of being lost: undefined.
 */
export async function keepInboundFile(
  ctx: Context,
  companyId: number,
  file: InboundMedia,
): Promise<StoredMedia | undefined> {
  try {
    if ((file.declaredBytes ?? 0) > inboundKind.maxBytes) throw new AppError("ERR_FILE_TOO_LARGE");
    const received = await ctx.media.receive(await file.open(), inboundKind.maxBytes);
    try {
      return await ctx.media.keep(companyId, { ...received, filename: file.fileName }, inboundKind);
    } finally {
      await ctx.media.discard([received]);
    }
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== "ERR_INVALID_FILE" && err.code !== "ERR_FILE_TOO_LARGE")) throw err;
    ctx.log.warn(
      { companyId, code: err.code, mimetype: file.mimetype, declaredBytes: file.declaredBytes },
      "inbound media refused by storage; message kept without it",
    );
    return undefined;
  }
}
