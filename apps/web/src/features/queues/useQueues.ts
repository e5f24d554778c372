/**
 * The company's queues (GET /queue), kept live from `company-{id}-queue`. The
 * user modal reads the same cache key, so its queue select follows too.
 */
import type { QueueDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";

export const queuesKey = ["queue"] as const;

/** The server's order: bot-menu order (unset last), then id. */
export function byMenuOrder(a: QueueDto, b: QueueDto): number {
  const oa = a.orderQueue ?? Number.MAX_SAFE_INTEGER;
  const ob = b.orderQueue ?? Number.MAX_SAFE_INTEGER;
  return oa - ob || a.id - b.id;
}

export function upsertQueue(list: QueueDto[] | undefined, queue: QueueDto): QueueDto[] {
  return [...(list ?? []).filter((q) => q.id !== queue.id), queue].sort(byMenuOrder);
}

export function useQueues() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queuesKey, queryFn: () => api.get<QueueDto[]>("/queue") });

  useCompanyEvent("queue", (payload) => {
    queryClient.setQueryData<QueueDto[]>(queuesKey, (list) => {
      if (payload.action === "delete") return list?.filter((q) => q.id !== payload.queueId);
      return payload.queue ? upsertQueue(list, payload.queue) : list;
    });
  });

  return query;
}

export function useDeleteQueue() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/queue/${id}`),
    onSuccess: (_, id) => {
      queryClient.setQueryData<QueueDto[]>(queuesKey, (list) => list?.filter((q) => q.id !== id));
      toast.success(t("queues.toasts.deleted"));
    },
    onError: toastError,
  });
}
