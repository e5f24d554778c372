/** Inbound media into company storage: at arrival (ingest.ts) or later (fetch-inbound-media.ts). */
import type { ChannelMedia } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { inboundKind, type StoredMedia } from "../../media/storage.js";

/**
 * A downloaded file into company storage. One that storage refuses (bytes
 * unlike its type, empty, too big) would be refused on every retry, so the
 * message is kept without it instead of being lost.
 */
export async function keepInboundFile(
  ctx: Context,
  companyId: number,
  file: ChannelMedia,
): Promise<StoredMedia | undefined> {
  try {
    return await ctx.media.save(companyId, { filename: file.fileName, data: file.data }, inboundKind);
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== "ERR_INVALID_FILE" && err.code !== "ERR_FILE_TOO_LARGE")) throw err;
    ctx.log.warn(
      { companyId, code: err.code, mimetype: file.mimetype },
      "inbound media refused by storage; message kept without it",
    );
    return undefined;
  }
}
