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

export type CampaignListItem = Pick<FlowCampaign, "id" | "name" | "status">;

export function usePhraseCampaigns() {
  return useQuery({
    queryKey: [...campaignsKey, "list"],
    queryFn: () => api.get<{ flow: CampaignListItem[] }>("/flowcampaign").then((data) => data.flow),
  });
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
