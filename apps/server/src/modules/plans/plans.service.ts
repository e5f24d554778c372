/**
 * Plans (core-platform §2.18 Plans tab, §3 Plan): super users manage them; the
 * sign-up page lists them publicly. A plan in use by a company is not deleted.
 */
import type { PlanCreate, PlanDto, PlanUpdate } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { plans } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { countCompaniesOnPlan } from "../companies/companies.queries.js";
import { presentPlan } from "./plans.presenter.js";
import { allPlans, findPlan, findPlanNamed } from "./plans.queries.js";

export async function listPlans(ctx: Context): Promise<PlanDto[]> {
  return (await allPlans(ctx.db)).map(presentPlan);
}

async function loadPlan(ctx: Context, id: number) {
  const plan = await findPlan(ctx.db, id);
  if (!plan) throw new AppError("ERR_PLAN_NOT_FOUND");
  return plan;
}

export async function showPlan(ctx: Context, id: number): Promise<PlanDto> {
  return presentPlan(await loadPlan(ctx, id));
}

async function assertNameFree(ctx: Context, name: string | undefined, exceptId?: number) {
  if (name !== undefined && (await findPlanNamed(ctx.db, name, exceptId))) {
    throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS");
  }
}

/** The plan's columns, named one by one: the loose body may carry fields the form read back (id...). */
function columns(input: PlanUpdate) {
  const { name, users, connections, queues, storageMb, value } = input;
  const { useCampaigns, useSchedules, useInternalChat, useExternalApi, useKanban, useOpenAi, useIntegrations } = input;
  return {
    ...{ name, users, connections, queues, storageMb, value },
    ...{ useCampaigns, useSchedules, useInternalChat, useExternalApi, useKanban, useOpenAi, useIntegrations },
  };
}

export async function createPlan(ctx: Context, input: PlanCreate): Promise<PlanDto> {
  await assertNameFree(ctx, input.name);
  const [row] = await ctx.db
    .insert(plans)
    .values({ ...columns(input), name: input.name })
    .returning();
  return presentPlan(row!);
}

export async function updatePlan(ctx: Context, id: number, input: PlanUpdate): Promise<PlanDto> {
  await loadPlan(ctx, id);
  await assertNameFree(ctx, input.name, id);
  const [row] = await ctx.db
    .update(plans)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return presentPlan(row!);
}

/** A plan companies are on stays: they would be left without limits or features. */
export async function deletePlan(ctx: Context, id: number): Promise<void> {
  await loadPlan(ctx, id);
  const companies = await countCompaniesOnPlan(ctx.db, id);
  if (companies > 0) throw new AppError("ERR_PLAN_IN_USE", { companies });
  await ctx.db.delete(plans).where(eq(plans.id, id));
}
