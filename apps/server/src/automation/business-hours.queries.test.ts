/**
 * Which business hours apply to a ticket, read from the database by the
 * company's scheduleType, and never another company's.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings, whatsapps } from "../db/schema/index.js";
import { buildCompany, buildQueue } from "../../test/factories.js";
import type { TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { hoursForTicket } from "./business-hours.queries.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const mon = (startTime: string, endTime: string) => [
  { weekday: "Segunda-feira", weekdayEn: "monday" as const, startTime, endTime },
];

async function company(scheduleType: string, timezone = "America/Sao_Paulo") {
  const c = await buildCompany(s, { schedules: mon("08:00", "18:00") });
  for (const [key, value] of Object.entries({ scheduleType, timezone })) {
    await s.ctx.db
      .update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, c.id), eq(settings.key, key)));
  }
  const queue = await buildQueue(s, c.id, { schedules: mon("09:00", "12:00"), outOfHoursMessage: "Fila fechada" });
  const [wa] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId: c.id, name: "WA", outOfHoursMessage: "Empresa fechada" })
    .returning();
  return { id: c.id, queue, wa: wa! };
}

describe("hoursForTicket", () => {
  it("company: the company's hours and the connection's message, in the company's zone", async () => {
    const c = await company("company", "Asia/Tokyo");
    expect(await hoursForTicket(s.ctx.db, c.id, { queueId: c.queue.id, whatsappId: c.wa.id })).toEqual({
      scheduleType: "company",
      hours: mon("08:00", "18:00"),
      timeZone: "Asia/Tokyo",
      outOfHoursMessage: "Empresa fechada",
    });
  });

  it("queue: the ticket's queue's hours and message; none while the ticket has no queue", async () => {
    const c = await company("queue");
    expect(await hoursForTicket(s.ctx.db, c.id, { queueId: c.queue.id, whatsappId: c.wa.id })).toEqual({
      scheduleType: "queue",
      hours: mon("09:00", "12:00"),
      timeZone: "America/Sao_Paulo",
      outOfHoursMessage: "Fila fechada",
    });
    expect(await hoursForTicket(s.ctx.db, c.id, { queueId: null, whatsappId: c.wa.id })).toBeUndefined();
  });

  it("disabled: no hours apply", async () => {
    const c = await company("disabled");
    expect(await hoursForTicket(s.ctx.db, c.id, { queueId: c.queue.id, whatsappId: c.wa.id })).toBeUndefined();
  });

  it("never reads another company's queue or connection", async () => {
    const a = await company("queue");
    const b = await company("company");
    expect(await hoursForTicket(s.ctx.db, a.id, { queueId: b.queue.id, whatsappId: null })).toBeUndefined();
    const foreign = await hoursForTicket(s.ctx.db, b.id, { queueId: null, whatsappId: a.wa.id });
    expect(foreign?.outOfHoursMessage).toBe("");
  });
});
