/**
 * Schedule realtime, driven by the domain events after their commit, on
 * company{companyId}-schedule (no dash, as the spec's client listens):
 * create/update with `schedule`, delete with `scheduleId`, to the company's
 * sockets only.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentSchedule } from "./schedules.presenter.js";
import { findSchedule } from "./schedules.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, scheduleId }: DomainEvents["schedule.created"],
) {
  const row = await findSchedule(ctx.db, companyId, scheduleId);
  if (row) ctx.realtime.emit("schedule", { companyId }, { action, schedule: presentSchedule(row) });
}

export function subscribeScheduleRealtime(ctx: Context): void {
  ctx.events.on("schedule.created", (e) => publish(ctx, "create", e));
  ctx.events.on("schedule.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("schedule.deleted", ({ companyId, scheduleId }) =>
    ctx.realtime.emit("schedule", { companyId }, { action: "delete", scheduleId }),
  );
}
