import type { CompanyDto, PlanDto, Recurrence, SettingEntry } from "@balcao/contracts";
import type { companies } from "../../db/schema/index.js";

export function presentCompany(
  c: typeof companies.$inferSelect,
  settings: SettingEntry[],
  plan: PlanDto | null,
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
    plan,
  };
}
