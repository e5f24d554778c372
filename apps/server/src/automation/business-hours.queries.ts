/**
 * The business hours that apply to a ticket now (SERVER-BEHAVIOUR "Business
 * hours"), by the company's `scheduleType` setting:
 * - "company": the company's weekly hours, with the connection's out-of-hours message;
 * - "queue": the ticket's queue's hours and out-of-hours message (none while
 *   the ticket has no queue: the customer has not chosen one yet);
 * - "disabled": none.
 * Undefined = no hours apply (always open). Feed the result to isOpen /
 * businessMinutesBetween (business-hours.ts):
 *
 *   const applies = await hoursForTicket(db, companyId, { queueId, whatsappId });
 *   if (applies && !isOpen(applies.hours, applies.timeZone, now)) send(applies.outOfHoursMessage)
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, queues, whatsapps } from "../db/schema/index.js";
import { settingValue } from "../modules/settings/settings.queries.js";
import type { HoursEntry } from "./business-hours.js";

export interface ApplicableHours {
  scheduleType: "company" | "queue";
  hours: HoursEntry[];
  timeZone: string;
  outOfHoursMessage: string;
}

async function companyHours(db: Db, companyId: number, whatsappId: number | null) {
  const [company] = await db.select({ hours: companies.schedules }).from(companies).where(eq(companies.id, companyId));
  const [connection] = whatsappId
    ? await db
        .select({ message: whatsapps.outOfHoursMessage })
        .from(whatsapps)
        .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, companyId)))
    : [];
  return company ? { hours: company.hours, outOfHoursMessage: connection?.message ?? "" } : undefined;
}

async function queueHours(db: Db, companyId: number, queueId: number | null) {
  if (queueId === null) return undefined;
  const [queue] = await db
    .select({ hours: queues.schedules, outOfHoursMessage: queues.outOfHoursMessage })
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  return queue;
}

export async function hoursForTicket(
  db: Db,
  companyId: number,
  ticket: { queueId: number | null; whatsappId: number | null },
): Promise<ApplicableHours | undefined> {
  const scheduleType = await settingValue(db, companyId, "scheduleType");
  if (scheduleType !== "company" && scheduleType !== "queue") return undefined;
  const found =
    scheduleType === "company"
      ? await companyHours(db, companyId, ticket.whatsappId)
      : await queueHours(db, companyId, ticket.queueId);
  if (!found) return undefined;
  const timeZone = await settingValue(db, companyId, "timezone");
  return { scheduleType, hours: found.hours, timeZone, outOfHoursMessage: found.outOfHoursMessage };
}
