/**
 * The campaigns list (GET /campaigns/), kept live from
 * company-{companyId}-campaign (business-areas §4), and the row actions'
 * calls: delete, stop (cancel) and restart, each with its success toast.
 */
import type { CampaignDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const campaignsKey = "campaigns";
export const campaignKey = (id: number) => ["campaign", id] as const;

/** A campaign as the server now has it: the list's row and an open report or modal follow. */
export function campaignSaved(client: QueryClient, campaign: CampaignDto) {
  upsertInPages(client, campaignsKey, "records", campaign);
  client.setQueryData<CampaignDto>(campaignKey(campaign.id), (shown) => (shown ? { ...shown, ...campaign } : shown));
}

/** Realtime updates may overtake a refetch that read the campaign earlier. */
const isNewer = (shown: CampaignDto, fetched: CampaignDto) => shown.updatedAt > fetched.updatedAt;

/** Applies the campaign channel's events to every cached copy (list pages, an open report). */
export function useCampaignEvents() {
  const queryClient = useQueryClient();
  useCompanyEvent("campaign", (payload) => {
    if (payload.action === "delete" && payload.id !== undefined) {
      removeFromPages(queryClient, campaignsKey, "records", payload.id);
    } else if (payload.record) {
      campaignSaved(queryClient, payload.record);
    }
  });
}

export function useCampaignsList() {
  const list = usePagedList<"records", CampaignDto>({
    key: campaignsKey,
    path: "/campaigns/",
    field: "records",
    isNewer,
  });
  useCampaignEvents();
  return list;
}

export function useDeleteCampaign() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/campaigns/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, campaignsKey, "records", id);
      toast.success(t("campaigns.toasts.deleted"));
    },
    onError: toastError,
  });
}

/** POST /campaigns/{id}/cancel or /restart; a refusal shows the server's error (§8). */
export function useCampaignCommand(command: "cancel" | "restart", onDone?: (campaign: CampaignDto) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CampaignDto>(`/campaigns/${id}/${command}`),
    onSuccess: (campaign) => {
      campaignSaved(queryClient, campaign);
      toast.success(t(`campaigns.toasts.${command}`));
      onDone?.(campaign);
    },
    onError: toastError,
  });
}
