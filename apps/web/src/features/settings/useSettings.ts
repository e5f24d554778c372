/**
 * The company's options (GET /settings), kept live from `company-{id}-settings`,
 * and the save of one option (PUT /settings/{key}), which also updates the
 * session's copy so the menu and pages follow at once.
 */
import type { SettingEntry } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { useCompanyEvent } from "../../app/socket";
import { withSetting } from "../layout/useSessionEvents";

export const settingsKey = ["settings"] as const;

function upsertSetting(list: SettingEntry[] | undefined, setting: SettingEntry): SettingEntry[] {
  return [...(list ?? []).filter((s) => s.key !== setting.key), setting];
}

export function useSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: settingsKey, queryFn: () => api.get<SettingEntry[]>("/settings") });
  useCompanyEvent("settings", ({ setting }) => {
    queryClient.setQueryData<SettingEntry[]>(settingsKey, (list) => upsertSetting(list, setting));
  });
  return query;
}

export function useSaveSetting() {
  const { t } = useTranslation();
  const { user, setUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: SettingEntry) => api.put<SettingEntry>(`/settings/${key}`, { key, value }),
    // A refetch already on its way (the Options tab refetches as it mounts) would answer the value from
    // before this save and put it back over the saved one.
    onMutate: () => queryClient.cancelQueries({ queryKey: settingsKey }),
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingEntry[]>(settingsKey, (list) => upsertSetting(list, setting));
      if (user) setUser(withSetting(user, setting));
      toast.success(t("settings.options.toasts.success"), { toastId: `setting-${setting.key}` });
    },
    onError: toastError,
  });
}
