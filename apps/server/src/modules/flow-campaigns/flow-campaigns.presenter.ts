/** A phrase campaign as the list and the dialog read it (automation-areas §3 "Flow campaign"). */
import type { FlowCampaign } from "@balcao/contracts";
import type { FlowCampaignRow } from "./flow-campaigns.queries.js";

export function presentFlowCampaign(row: FlowCampaignRow): FlowCampaign {
  return {
    id: row.id,
    name: row.name,
    flowId: row.flowId,
    whatsappId: row.whatsappId,
    phrase: row.phrase,
    status: row.status,
  };
}
