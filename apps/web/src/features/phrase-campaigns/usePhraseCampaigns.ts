/**
 * The /phrase-lists list (GET /flowcampaign → {flow: [...]}), a campaign's
 * details (GET /flowcampaign/{id} → {details}), its save and its delete with
 * the §8 toasts. A flow's delete also deletes its campaigns: the flows list
 * refreshes this one (campaignsKey).
 */
import type { FlowCampaign } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { toCampaignBody, type CampaignDetails, type CampaignFormValues } from "./campaignForm";

export const campaignsKey = ["flowcampaign"] as const;

export type CampaignListItem = Pick<FlowCampaign, "id" | "name" | "status" | "flowId">;

export function usePhraseCampaigns(enabled = true) {
  return useQuery({
    queryKey: [...campaignsKey, "list"],
    queryFn: () => api.get<{ flow: CampaignListItem[] }>("/flowcampaign").then((data) => data.flow),
    enabled,
  });
}

/**
 * The names of the phrase campaigns that start flow `flowId` (none while no
 * flow is given): deleting the flow deletes them too, and its confirmation
 * says so. Fetched afresh each time a flow is given.
 */
export function usePhraseCampaignsOf(flowId: number | undefined): string[] {
  const { data } = usePhraseCampaigns(flowId !== undefined);
  return flowId === undefined ? [] : (data ?? []).filter((c) => c.flowId === flowId).map((c) => c.name);
}

export function useCampaignDetails(id: number | undefined) {
  return useQuery({
    queryKey: [...campaignsKey, "record", id],
    queryFn: () => api.get<{ details: CampaignDetails }>(`/flowcampaign/${id}`).then((data) => data.details),
    enabled: id !== undefined,
    retry: false,
    gcTime: 0,
  });
}

/** POST to add, PUT (id in the body) to edit; the server's refusals (ERR_FLOW_CAMPAIGN_PHRASE_TAKEN…) are toasted. */
export function useSaveCampaign(id: number | undefined, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CampaignFormValues) =>
      id === undefined
        ? api.post("/flowcampaign", toCampaignBody(values))
        : api.put("/flowcampaign", toCampaignBody(values, id)),
    onSuccess: async () => {
      toast.success(t(id === undefined ? "phraseCampaigns.toasts.created" : "phraseCampaigns.toasts.updated"));
      onClose();
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
    onError: toastError,
  });
}

export function useDeleteCampaign() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowcampaign/${id}`),
    onSuccess: async () => {
      toast.success(t("phraseCampaigns.toasts.deleted"));
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
    onError: toastError,
  });
}
