/**
 * The signed-in user's company (GET /companies/listPlan/{companyId}): the same
 * cached read the plan gate makes, here for the company fields (email, due
 * date, business hours).
 */
import type { CompanyDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { planQueryKey } from "../layout/usePlan";

export function useOwnCompany() {
  const { user } = useAuth();
  const companyId = user?.companyId;
  return useQuery({
    queryKey: planQueryKey(companyId),
    queryFn: () => api.get<CompanyDto>(`/companies/listPlan/${companyId}`),
    enabled: companyId !== undefined,
  });
}
