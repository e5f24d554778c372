/** Quick messages (business-areas §2.7, §3 "Quick message", §7). */
import { z } from "zod";
import { listQuerySchema } from "../schemas.js";

export interface QuickMessageDto {
  id: number;
  shortcode: string;
  message: string;
  companyId: number;
  userId: number | null;
  geral: boolean;
  visao: boolean;
  status: boolean;
  isMedia: boolean;
  /** {host}/public/... of the attached media, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export const quickMessageLimits = {
  shortcodeMax: 100,
  messageMax: 10_000,
  pageSize: 20,
  /** An attachment is sent as a file later: WhatsApp's own rules apply, within this cap. */
  mediaMaxBytes: 16 * 1024 * 1024,
} as const;

/** A boolean from a switch, or the strings a form may send. */
const flag = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => v === true || v === "true");

/**
 * POST and PUT /quick-messages. The client also sends isMedia and mediaPath:
 * the attachment is only set through media-upload, so they are ignored, as are
 * companyId and userId (the owner is the signed-in user).
 */
export const quickMessageSaveSchema = z
  .object({
    shortcode: z.string().trim().min(1).max(quickMessageLimits.shortcodeMax),
    message: z.string().max(quickMessageLimits.messageMax).optional(),
    geral: flag.optional(),
    visao: flag.optional(),
    status: flag.optional(),
  })
  .loose();
export type QuickMessageSave = z.infer<typeof quickMessageSaveSchema>;

/** GET /quick-messages: page params; userId and companyId are accepted and ignored (the token says who). */
export const quickMessageListQuerySchema = listQuerySchema.loose();

export interface QuickMessageListResponse {
  records: QuickMessageDto[];
  hasMore: boolean;
  count: number;
}
