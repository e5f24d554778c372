/**
 * An n8n / webhook integration's signed deliveries (issue 17 item 6): the
 * log (GET /queueIntegration/{id}/deliveries, the last 100), resending one,
 * and a new signing secret (POST /queueIntegration/{id}/secret).
 */
import type { IntegrationDeliveriesAnswer, IntegrationDeliveryDto, QueueIntegrationDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { integrationSaved } from "./useQueueIntegrations";

const deliveriesKey = (id: number) => ["queueIntegration", "deliveries", id] as const;

/** Pending deliveries change on their own (retries): the open log looks again every few seconds. */
const refreshMs = 5_000;

export function useDeliveries(integrationId: number) {
  return useQuery({
    queryKey: deliveriesKey(integrationId),
    queryFn: () => api.get<IntegrationDeliveriesAnswer>(`/queueIntegration/${integrationId}/deliveries`),
    select: (answer) => answer.deliveries,
    refetchInterval: refreshMs,
  });
}

export function useResendDelivery(integrationId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<IntegrationDeliveryDto>(`/queueIntegration/${integrationId}/deliveries/${deliveryId}/resend`),
    onSuccess: async () => {
      toast.success(t("queueIntegrationModal.deliveries.resent"));
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(integrationId) });
    },
    onError: toastError,
  });
}

export function useRegenerateSecret(integrationId: number, onSecret: (secret: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<QueueIntegrationDto>(`/queueIntegration/${integrationId}/secret`),
    onSuccess: (saved) => {
      integrationSaved(queryClient, saved);
      onSecret(saved.signingSecret);
      toast.success(t("queueIntegrationModal.secret.regenerated"));
    },
    onError: toastError,
  });
}
