/**
 * The quick messages page's list (GET /quick-messages: the user's own and the
 * company's shared ones), kept live from company{id}-quickemessage. Any
 * change also refreshes the message input's suggestions (GET /quick-messages/list).
 */
import type { QuickMessageDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

/** Not "quick-messages": that prefix is the message input's list, which is not paged. */
export const quickMessagesKey = "quickMessages";
const inputListKey = ["quick-messages", "list"];

export function quickMessageSaved(client: QueryClient, record: QuickMessageDto) {
  upsertInPages(client, quickMessagesKey, "records", record);
  void client.invalidateQueries({ queryKey: inputListKey });
}

function quickMessageRemoved(client: QueryClient, id: number) {
  removeFromPages(client, quickMessagesKey, "records", id);
  void client.invalidateQueries({ queryKey: inputListKey });
}

export function useQuickMessagesList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"records", QuickMessageDto>({
    key: quickMessagesKey,
    path: "/quick-messages",
    field: "records",
  });
  useCompanyEvent("quickMessage", (payload) => {
    if (payload.action === "delete" && payload.id !== undefined) quickMessageRemoved(queryClient, payload.id);
    else if (payload.record) quickMessageSaved(queryClient, payload.record);
  });
  return list;
}

export function useDeleteQuickMessage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/quick-messages/${id}`),
    onSuccess: (_, id) => {
      quickMessageRemoved(queryClient, id);
      toast.success(t("quickMessages.toasts.deleted"));
    },
    onError: toastError,
  });
}
