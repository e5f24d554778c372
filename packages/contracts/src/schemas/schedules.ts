/** Schedules: messages to a contact sent at a set time (business-areas §2.8, §3 "Schedule", §4, §7). */
import { z } from "zod";
import { idSchema } from "./ids.js";
import { listQuerySchema } from "../schemas.js";

/** PENDENTE until its job runs; then ENVIADA (sentAt set) or ERRO (errorMessage says why). */
export const scheduleStatuses = ["PENDENTE", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

export interface ScheduleDto {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string };
  ticketId: number | null;
  /** ISO date-times. */
  sendAt: string;
  sentAt: string | null;
  /**
   * Sent more than scheduleLimits.lateAfterMs after sendAt: its time passed while the company was switched
   * off or expired (or the server was down), and it went when it could (issue 29 item 6).
   */
  late: boolean;
  status: ScheduleStatus;
  /** Why the send failed (status ERRO): the provider's words or an error code. */
  errorMessage: string | null;
  userId: number | null;
  companyId: number;
  /** The media route's path of the image, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export const scheduleLimits = {
  bodyMin: 5,
  bodyMax: 10_000,
  pageSize: 20,
  /** The modal's default: now plus one hour. */
  defaultDelayMs: 60 * 60 * 1000,
  /** A schedule sent this long after its time is shown as sent late. */
  lateAfterMs: 60 * 1000,
} as const;

/**
 * POST and PUT /schedules: {body, contactId, sendAt, sentAt, userId}. sentAt
 * and userId are the server's (the author is the signed-in user; sentAt is
 * set by the send), so they are read and ignored, as are unknown fields.
 */
export const scheduleSaveSchema = z
  .object({
    body: z.string().trim().min(scheduleLimits.bodyMin).max(scheduleLimits.bodyMax),
    contactId: idSchema,
    // An ISO date-time ("2026-05-04T13:00:00.000Z"); one without a zone is read in the server's.
    sendAt: z
      .string()
      .min(1)
      .max(64)
      .transform((text) => new Date(text))
      .refine((d) => !Number.isNaN(d.getTime()), { message: "Invalid date" }),
  })
  .loose();
export type ScheduleSave = z.infer<typeof scheduleSaveSchema>;

/** GET /schedules: page params. */
export const scheduleListQuerySchema = listQuerySchema.loose();

export interface ScheduleListResponse {
  schedules: ScheduleDto[];
  hasMore: boolean;
  count: number;
}
