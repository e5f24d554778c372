import type { PlanDto } from "@balcao/contracts";
import type { plans } from "../../db/schema/index.js";

export function presentPlan(p: typeof plans.$inferSelect): PlanDto {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    storageMb: p.storageMb,
    value: Number(p.value),
    useCampaigns: p.useCampaigns,
    useSchedules: p.useSchedules,
    useInternalChat: p.useInternalChat,
    useExternalApi: p.useExternalApi,
    useKanban: p.useKanban,
    useOpenAi: p.useOpenAi,
    useIntegrations: p.useIntegrations,
  };
}
