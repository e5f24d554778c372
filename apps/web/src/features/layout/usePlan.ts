/** The company's plan, read once per session from GET /companies/listPlan/{companyId} (core-platform §3 Plan). */
import type { CompanyDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { hasPlanFeature, type PlanFlag } from "./menu-rules";

export const planQueryKey = (companyId: number | undefined) => ["companies", "listPlan", companyId] as const;

export function useCompanyPlan() {
  const { user } = useAuth();
  const companyId = user?.companyId;
  return useQuery({
    queryKey: planQueryKey(companyId),
    queryFn: () => api.get<CompanyDto>(`/companies/listPlan/${companyId}`),
    enabled: companyId !== undefined,
    staleTime: 5 * 60_000,
    select: (company) => company.plan ?? null,
  });
}

export type FeatureState = "loading" | "allowed" | "denied";

/**
 * Whether the company may use a plan feature. A failed plan read lets the page
 * through: the server checks the plan again, and a paying customer should not
 * be locked out by a network hiccup.
 */
export function usePlanFeature(flag: PlanFlag): FeatureState {
  const { user } = useAuth();
  const { data: plan, isPending, isError } = useCompanyPlan();
  if (isError) return "allowed";
  if (hasPlanFeature(flag, null, user?.company.settings)) return "allowed";
  if (isPending) return "loading";
  return hasPlanFeature(flag, plan) ? "allowed" : "denied";
}
