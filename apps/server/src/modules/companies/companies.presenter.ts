/**
 * The company as the spec's client reads it (core-platform §3 Company). The
 * spec leaves the list shapes open; they are:
 * - GET /companies (searchParam, pageNumber): {companies: CompanyDto[], count, hasMore}, 20 a page, by name;
 * - GET /companies/list: CompanyDto[], every company by name;
 * - GET /companies/{id}, GET /companies/listPlan/{companyId}, POST, PUT and
 *   PUT /companies/{id}/schedules: one CompanyDto, with its plan.
 */
import type { CompanyDto, PlanDto, Recurrence, SettingEntry } from "@balcao/contracts";
import { mergeSchedules } from "../queues/merge-schedules.js";
import { presentPlan } from "../plans/plans.presenter.js";
import type { CompanyRow, CompanyWithPlan } from "./companies.queries.js";

/** What the company's page shows of its use: stored bytes, and the automatic sends kept while it may not work. */
export type CompanyUsage = Pick<CompanyDto, "storageUsedBytes" | "pausedWork">;

export function presentCompany(
  c: CompanyRow,
  settings: SettingEntry[],
  plan: PlanDto | null,
  usage: CompanyUsage,
): CompanyDto {
  const campaigns = settings.find((s) => s.key === "campaignsEnabled")?.value;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    planId: c.planId,
    status: c.status,
    dueDate: c.dueDate,
    recurrence: c.recurrence as Recurrence,
    campaignsEnabled: campaigns === "true" || campaigns === "enabled",
    createdAt: c.createdAt.toISOString(),
    settings,
    // Always the seven weekdays: a company that never saved its hours shows the §9 defaults.
    schedules: mergeSchedules(c.schedules),
    plan,
    ...usage,
  };
}

export function presentCompanyRow(row: CompanyWithPlan, settings: SettingEntry[], usage: CompanyUsage): CompanyDto {
  return presentCompany(row.company, settings, row.plan ? presentPlan(row.plan) : null, usage);
}
