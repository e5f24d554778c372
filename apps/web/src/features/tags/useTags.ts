/**
 * The tags page's list (GET /tags), kept live from company-{companyId}-tag:
 * the channel the spec's client should have listened on (it listened on
 * 'user', a noted defect).
 */
import type { TagListItem } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const tagsKey = "tags";

export function useTagsList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"tags", TagListItem>({ key: tagsKey, path: "/tags", field: "tags" });
  useCompanyEvent("tag", (payload) => {
    if (payload.action === "delete" && payload.tagId !== undefined) {
      removeFromPages(queryClient, tagsKey, "tags", payload.tagId);
    } else if (payload.tag) {
      upsertInPages(queryClient, tagsKey, "tags", payload.tag);
    }
  });
  return list;
}

export function useDeleteTag() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tags/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, tagsKey, "tags", id);
      toast.success(t("tags.toasts.deleted"));
    },
    onError: toastError,
  });
}
