/**
 * The /queue-integration list (GET /queueIntegration/ paged), kept live from
 * company-{companyId}-queueIntegration (automation-areas §4): create and
 * update upsert `queueIntegration`, delete removes `integrationId`. The queue
 * and connection dialogs' integration select is refreshed with it.
 */
import type { QueueIntegrationDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";
import { integrationLookupKey } from "../queues/useLookups";

export const integrationsKey = "queueIntegrations";
const field = "queueIntegrations";

export function integrationSaved(client: QueryClient, record: QueueIntegrationDto) {
  upsertInPages(client, integrationsKey, field, record);
  void client.invalidateQueries({ queryKey: integrationLookupKey });
}

function integrationRemoved(client: QueryClient, id: number) {
  removeFromPages(client, integrationsKey, field, id);
  void client.invalidateQueries({ queryKey: integrationLookupKey });
}

export function useQueueIntegrations() {
  const queryClient = useQueryClient();
  const list = usePagedList<typeof field, QueueIntegrationDto>({
    key: integrationsKey,
    path: "/queueIntegration/",
    field,
  });
  useCompanyEvent("queueIntegration", (payload) => {
    if (payload.action === "delete" && payload.integrationId !== undefined) {
      integrationRemoved(queryClient, payload.integrationId);
    } else if (payload.queueIntegration) {
      integrationSaved(queryClient, payload.queueIntegration);
    }
  });
  return list;
}

/** After a delete the list starts again from page 1, as the file lists do. */
export function useDeleteIntegration() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queueIntegration/${id}`).then(() => id),
    onSuccess: async (id) => {
      toast.success(t("queueIntegration.toasts.deleted"));
      integrationRemoved(queryClient, id);
      queryClient.removeQueries({ queryKey: [integrationsKey], type: "inactive" });
      await queryClient.resetQueries({ queryKey: [integrationsKey] });
    },
    onError: toastError,
  });
}
