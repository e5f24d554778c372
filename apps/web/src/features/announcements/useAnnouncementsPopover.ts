/**
 * The top-bar announcements popover (core-platform §2.14): the active
 * announcements for every user, with the unseen count that lights the dot.
 * While the popover is open, every listed announcement the user has not seen
 * is marked seen on the server (POST /announcements/seen), so the dot is per
 * user and survives reloads and other browsers. Any company-announcement
 * event refetches, which also brings the server's seen flags along.
 */
import { useEffect, useMemo } from "react";
import type { AnnouncementListResponse, AnnouncementSeenResponse } from "@balcao/contracts";
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/http";
import { useCompanyEvent } from "../../app/socket";
import { announcementsPath } from "./useAnnouncements";

const popoverKey = ["announcements-popover"] as const;
type Pages = InfiniteData<AnnouncementListResponse>;

function withSeen(data: Pages | undefined, ids: Set<number>, unseenCount: number): Pages | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({
    ...p,
    unseenCount,
    records: p.records.map((r) => (ids.has(r.id) ? { ...r, seen: true } : r)),
  }));
  return { ...data, pages };
}

export function useAnnouncementsPopover(open: boolean) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: popoverKey,
    queryFn: ({ pageParam }) =>
      api.get<AnnouncementListResponse>(announcementsPath, { pageNumber: pageParam, active: true }),
    initialPageParam: 1,
    getNextPageParam: (last: AnnouncementListResponse, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  useCompanyEvent("announcement", () => void queryClient.invalidateQueries({ queryKey: popoverKey }));

  const pages = query.data?.pages;
  const records = useMemo(() => {
    const ids = new Set<number>();
    return (pages ?? []).flatMap((p) => p.records).filter((r) => !ids.has(r.id) && ids.add(r.id));
  }, [pages]);

  const { mutate: markSeen } = useMutation({
    mutationFn: (ids: number[]) => api.post<AnnouncementSeenResponse>("/announcements/seen", { ids }),
    onSuccess: ({ unseenCount }, ids) =>
      queryClient.setQueryData<Pages>(popoverKey, (data) => withSeen(data, new Set(ids), unseenCount)),
  });
  const unseenKey = records
    .filter((r) => !r.seen)
    .map((r) => r.id)
    .join(",");
  useEffect(() => {
    if (open && unseenKey) markSeen(unseenKey.split(",").map(Number));
  }, [open, unseenKey, markSeen]);

  return { records, unseenCount: pages?.[0]?.unseenCount ?? 0, query };
}
