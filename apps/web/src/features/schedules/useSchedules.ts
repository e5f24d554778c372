/**
 * The calendar's schedules (GET /schedules/: pages of schedules, hasMore,
 * count): every page is loaded one after another, since a calendar shows
 * them all by date; kept live from company{id}-schedule.
 */
import { useEffect } from "react";
import type { ScheduleDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const schedulesKey = "schedules";

export function scheduleSaved(client: QueryClient, schedule: ScheduleDto) {
  upsertInPages(client, schedulesKey, "schedules", schedule);
}

function scheduleRemoved(client: QueryClient, id: number) {
  removeFromPages(client, schedulesKey, "schedules", id);
}

export function useSchedulesList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"schedules", ScheduleDto>({ key: schedulesKey, path: "/schedules/", field: "schedules" });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list.query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useCompanyEvent("schedule", (payload) => {
    if (payload.action === "delete" && payload.scheduleId !== undefined)
      scheduleRemoved(queryClient, payload.scheduleId);
    else if (payload.schedule) scheduleSaved(queryClient, payload.schedule);
  });
  return list;
}

export function useDeleteSchedule() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/schedules/${id}`),
    onSuccess: (_, id) => {
      scheduleRemoved(queryClient, id);
      toast.success(t("schedules.toasts.deleted"));
    },
    onError: toastError,
  });
}
