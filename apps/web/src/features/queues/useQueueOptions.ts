/** One level of a queue's chatbot option tree and the calls that change it (business-areas §7). */
import type { QueueOptionDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";

const treeKey = (queueId: number) => ["queue-options", queueId] as const;

/** The options under `parentId` (null for the root level), in number order. */
export function useOptionLevel(queueId: number, parentId: number | null) {
  return useQuery({
    queryKey: [...treeKey(queueId), parentId ?? -1],
    queryFn: () => api.get<QueueOptionDto[]>("/queue-options", { queueId, parentId: parentId ?? -1 }),
  });
}

export interface OptionText {
  title: string;
  message: string;
}

export function useOptionMutations(queueId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Numbers of siblings change on create and delete: the whole tree is read again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: treeKey(queueId) });
  // One toast for a run of saves: building a tree saves option after option, and a stack of
  // toasts would cover the editor's buttons.
  const saved = () => {
    toast.success(t("queueOptions.toasts.saved"), { toastId: `queue-options-saved-${queueId}` });
    return refresh();
  };

  const create = useMutation({
    mutationFn: ({ parentId, ...text }: OptionText & { parentId: number | null }) =>
      api.post<QueueOptionDto>("/queue-options", { ...text, queueId, parentId }),
    onSuccess: saved,
    onError: toastError,
  });
  const update = useMutation({
    mutationFn: ({ option, ...text }: OptionText & { option: QueueOptionDto }) =>
      api.put<QueueOptionDto>(`/queue-options/${option.id}`, { ...option, ...text }),
    onSuccess: saved,
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (option: QueueOptionDto) => api.delete(`/queue-options/${option.id}`),
    onSuccess: () => {
      toast.success(t("queueOptions.toasts.deleted"), { toastId: `queue-options-deleted-${queueId}` });
      return refresh();
    },
    onError: toastError,
  });
  return { create, update, remove };
}
