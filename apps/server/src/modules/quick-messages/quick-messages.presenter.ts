/** The quick message as the spec's client reads it (business-areas §3 "Quick message"). */
import type { QuickMessageDto } from "@balcao/contracts";
import { mediaUrlOf } from "../messages/messages.presenter.js";
import type { QuickMessageRow } from "./quick-messages.queries.js";

export function presentQuickMessage(row: QuickMessageRow): QuickMessageDto {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    companyId: row.companyId,
    userId: row.userId,
    geral: row.geral,
    visao: row.visao,
    status: row.status,
    isMedia: row.mediaPath !== null,
    // The media route's path, which the message input fetches with the token.
    mediaPath: mediaUrlOf(row.mediaPath),
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
