/** The schedule as the spec's client reads it (business-areas §3 "Schedule"). */
import { scheduleLimits, type ScheduleDto } from "@balcao/contracts";
import { mediaUrlOf } from "../messages/messages.presenter.js";
import type { ScheduleRow } from "./schedules.queries.js";

export function presentSchedule({ schedule: s, contact }: ScheduleRow): ScheduleDto {
  return {
    id: s.id,
    body: s.body,
    contactId: s.contactId,
    contact,
    ticketId: s.ticketId,
    sendAt: s.sendAt.toISOString(),
    sentAt: s.sentAt?.toISOString() ?? null,
    late: s.sentAt !== null && s.sentAt.getTime() - s.sendAt.getTime() > scheduleLimits.lateAfterMs,
    status: s.status,
    errorMessage: s.errorMessage,
    userId: s.userId,
    companyId: s.companyId,
    // The media route's path, which the modal reads with the token.
    mediaPath: mediaUrlOf(s.mediaPath),
    mediaName: s.mediaName,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
