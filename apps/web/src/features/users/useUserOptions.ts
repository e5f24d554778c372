/** What the user modal reads: the user, the company's queues and connections (core-platform §7.2). */
import type { AuthUser, QueueRef } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";

export interface ConnectionOption {
  id: number;
  name: string;
}

/**
 * A list for a select. Queues and connections arrive with their own areas:
 * until their routes exist (404) the select is just empty, and other failures
 * show the usual toast without blocking the form.
 */
async function optionList<T>(path: string, key: string): Promise<T[]> {
  try {
    const data = await api.get<unknown>(path);
    if (Array.isArray(data)) return data as T[];
    const inner = (data as Record<string, unknown> | null)?.[key];
    return Array.isArray(inner) ? (inner as T[]) : [];
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) toastError(err);
    return [];
  }
}

export function useQueueOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["queue"],
    queryFn: () => optionList<QueueRef>("/queue", "queues"),
    enabled,
    staleTime: 60_000,
  });
}

export function useConnectionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["whatsapp"],
    queryFn: () => optionList<ConnectionOption>("/whatsapp", "whatsapps"),
    enabled,
    staleTime: 60_000,
  });
}

export function useUserRecord(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ["user", userId],
    queryFn: () => api.get<AuthUser>(`/users/${userId}`),
    enabled: enabled && userId !== undefined,
    retry: false,
    staleTime: 0,
  });
}
