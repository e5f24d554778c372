/**
 * The dashboard's data (core-platform §2.15, §4.8, §7.7). The filter applied
 * is kept apart from the one being edited: only the Filter button (and the
 * first load, 1 s after opening) sends it. Counters and charts refresh when the
 * company's tickets change, debounced so a burst of events is one request.
 */
import { useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { timings, type DashboardResult, type TicketsPerDayRow, type TicketsPerUserRow } from "@balcao/contracts";
import { api } from "../../api/http";
import { useCompanyEvent, useSocketRoom } from "../../app/socket";

export interface DateRange {
  initialDate: string;
  finalDate: string;
}

/** How long after the last ticket event the counters are read again. */
const liveRefreshMs = 1000;

/** Null until the first load is due (1 s after opening). */
function useFirstLoadDelay<T>(value: T): T | null {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), timings.dashboardFirstLoadMs);
    return () => clearTimeout(timer);
  }, []);
  return ready ? value : null;
}

export function useDashboardData(applied: Record<string, string> | null) {
  const query = useFirstLoadDelay(applied);
  const result = useQuery({
    queryKey: ["dashboard", "counters", query],
    queryFn: () => api.get<DashboardResult>("/dashboard", query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  useLiveRefresh();
  return result;
}

/** Every ticket status room, so ticket changes reach this page; each burst refetches once. */
function useLiveRefresh() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useSocketRoom("joinTickets", { status: "open" });
  useSocketRoom("joinTickets", { status: "pending" });
  useSocketRoom("joinTickets", { status: "closed" });
  useCompanyEvent("ticket", () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ["dashboard"] }), liveRefreshMs);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}

export function useTicketsPerUser(range: DateRange) {
  const query = useFirstLoadDelay(range);
  return useQuery({
    queryKey: ["dashboard", "tickets-users", query],
    queryFn: () => api.get<{ data: TicketsPerUserRow[] }>("/dashboard/ticketsUsers", { ...query }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTicketsPerDay(range: DateRange) {
  const query = useFirstLoadDelay(range);
  return useQuery({
    queryKey: ["dashboard", "tickets-day", query],
    queryFn: () => api.get<{ data: TicketsPerDayRow[]; count: number }>("/dashboard/ticketsDay", { ...query }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
