/**
 * The management page's list (GET /announcements/, every announcement for a
 * super user), kept live from company-announcement: create/update upsert the
 * record, delete removes it (business-areas §4 realtime channels).
 */
import type { AnnouncementDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const announcementsKey = "announcements";
export const announcementsPath = "/announcements/";

export function useAnnouncementsList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"records", AnnouncementDto>({
    key: announcementsKey,
    path: announcementsPath,
    field: "records",
  });
  useCompanyEvent("announcement", (payload) => {
    if (payload.action === "delete" && payload.id !== undefined) {
      removeFromPages(queryClient, announcementsKey, "records", payload.id);
    } else if (payload.record) {
      upsertInPages(queryClient, announcementsKey, "records", payload.record);
    }
  });
  return list;
}

export function useDeleteAnnouncement() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/announcements/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, announcementsKey, "records", id);
      toast.success(t("announcements.toasts.deleted"));
    },
    onError: toastError,
  });
}
