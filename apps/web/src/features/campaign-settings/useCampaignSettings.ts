/** GET and POST /campaign-settings (business-areas §7). */
import { campaignSettingsFrom, type CampaignSettingEntry, type CampaignSettings } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";

const key = ["campaign-settings"];

export function useCampaignSettings() {
  return useQuery({
    queryKey: key,
    queryFn: async () => campaignSettingsFrom(await api.get<CampaignSettingEntry[]>("/campaign-settings")),
  });
}

export function useSaveCampaignSettings() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CampaignSettings) =>
      campaignSettingsFrom(await api.post<CampaignSettingEntry[]>("/campaign-settings", { settings })),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      toast.success(t("campaignsConfig.toasts.configSaved"));
    },
    onError: toastError,
  });
}
