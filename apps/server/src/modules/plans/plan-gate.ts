/**
 * Plan gates (core-platform §6): a feature the company's plan lacks is refused
 * by the server too, not only hidden in the menu; and plan limits on counts and
 * on the bytes of media a company keeps (issue 29 item 9).
 */
import type { PlanFlag } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, plans, settings } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { usedBytes } from "../../media/media-files.js";

// Which area each flag gates is listed once, in the contracts' planFeatures.
export type { PlanFlag } from "@balcao/contracts";

export type PlanLimit = "users" | "connections" | "queues";

async function planOf(db: Db, companyId: number) {
  const [row] = await db
    .select({ plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.plan;
}

/** Campaigns are also on when the company setting campaignsEnabled is "true" (core-platform §2.3). */
async function campaignsBySetting(db: Db, companyId: number) {
  const row = await db.query.settings.findFirst({
    where: and(eq(settings.companyId, companyId), eq(settings.key, "campaignsEnabled")),
  });
  return row?.value === "true" || row?.value === "enabled";
}

export async function assertPlanAllows(db: Db, companyId: number, flag: PlanFlag) {
  const plan = await planOf(db, companyId);
  if (plan?.[flag]) return;
  if (flag === "useCampaigns" && (await campaignsBySetting(db, companyId))) return;
  throw new AppError("ERR_NO_PERMISSION");
}

/** `current` is the count before the new record; a plan without a plan row has no limits to check against. */
export async function assertPlanLimit(db: Db, companyId: number, limit: PlanLimit, current: number) {
  const plan = await planOf(db, companyId);
  if (plan && current >= plan[limit]) throw new AppError("ERR_PLAN_LIMIT_REACHED", { limit, max: plan[limit] });
}

const MB = 1024 * 1024;

/** `bytes` more media would take the company past its plan's storage (details name the limit and its megabytes). */
export async function assertStorageRoom(db: Db, companyId: number, bytes: number) {
  const plan = await planOf(db, companyId);
  if (plan && (await usedBytes(db, companyId)) + bytes > plan.storageMb * MB) {
    throw new AppError("ERR_PLAN_LIMIT_REACHED", { limit: "storage", max: plan.storageMb });
  }
}
