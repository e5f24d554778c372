/** The schedule modal's form (business-areas §5 "Schedule", §9): messages are i18n keys. */
import { scheduleLimits, type ScheduleDto } from "@balcao/contracts";
import { fromZonedInput, toZonedInput } from "../../app/company-clock";
import { z } from "zod";

export interface ContactOption {
  id: number;
  name: string;
}

export const scheduleFormSchema = z.object({
  // Typed with its empty value, so the form may start without a contact.
  contact: z.custom<ContactOption | null>((c) => c !== null && c !== undefined, "scheduleModal.form.required"),
  body: z
    .string()
    .trim()
    .min(1, "scheduleModal.form.required")
    .min(scheduleLimits.bodyMin, "scheduleModal.form.short")
    .max(scheduleLimits.bodyMax, "scheduleModal.form.long"),
  /** A datetime-local value on the company's clock. */
  sendAt: z.string().refine((v) => fromZonedInput(v) !== null, "scheduleModal.form.required"),
});

export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/** A new schedule: the contact given (a ticket's, ?contactId=), sendAt now plus one hour (§9). */
export function newScheduleForm(contact: ContactOption | null, now = new Date()): ScheduleFormValues {
  return { contact, body: "", sendAt: toZonedInput(now.getTime() + scheduleLimits.defaultDelayMs) };
}

export function toScheduleForm(s: ScheduleDto): ScheduleFormValues {
  return {
    contact: { id: s.contact.id, name: s.contact.name },
    body: s.body,
    sendAt: toZonedInput(s.sendAt),
  };
}

/** What the client sends (business-areas §7): {body, contactId, sendAt, sentAt, userId}; the server sets the last two. */
export function toScheduleBody(values: ScheduleFormValues, userId: number | undefined) {
  return {
    body: values.body.trim(),
    contactId: values.contact?.id,
    sendAt: fromZonedInput(values.sendAt)!.toISOString(),
    sentAt: null,
    userId: userId ?? null,
  };
}

/** A sendAt (the form's, on the company's clock) already past: the schedule goes out as soon as it is saved. */
export function isPast(sendAt: string, now = Date.now()): boolean {
  const at = fromZonedInput(sendAt);
  return at !== null && at.getTime() <= now;
}

/** The modal's title key and values: 'Erro de Envio' for ERRO, else 'Mensagem <status>' (§2.8). */
export function titleOf(schedule: ScheduleDto | undefined): { key: string; status?: string } {
  if (!schedule) return { key: "scheduleModal.title.add" };
  if (schedule.status === "ERRO") return { key: "scheduleModal.title.error" };
  return { key: "scheduleModal.title.status", status: `scheduleModal.status.${schedule.status}` };
}
