/**
 * The small lists the workspace picks from: tags, users and connections
 * (queues come from the users area's useQueueOptions) (core-platform §7.4, §7.6),
 * cached for a minute.
 */
import { timings, type UserName, type WhatsappDto } from "@balcao/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";
import { useDebouncedValue } from "../lists/usePagedList";

export interface Named {
  id: number;
  name: string;
}
export interface TagRef extends Named {
  color: string;
}

const minute = 60_000;

/**
 * The tags whose name has what the user typed, searched on the server as they
 * type (GET /tags/list answers at most 50): the autocompletes show the last
 * answer until the next one comes.
 */
export function useTagSearch(typed: string) {
  const searchParam = useDebouncedValue(typed.trim(), timings.searchDebounceMs);
  return useQuery({
    queryKey: ["tags", "list", searchParam],
    queryFn: () => api.get<TagRef[]>("/tags/list", { searchParam }),
    placeholderData: keepPreviousData,
    staleTime: minute,
  });
}

/** Every user of the company with their queues (GET /users/list, open to agents). */
export function useUserList(enabled = true) {
  return useQuery({
    queryKey: ["users", "list"],
    queryFn: () => api.get<UserName[]>("/users/list"),
    enabled,
    staleTime: minute,
  });
}

export function useConnectionList(enabled = true) {
  return useQuery({
    queryKey: ["whatsapp", "list"],
    queryFn: () => api.get<WhatsappDto[]>("/whatsapp", { session: 0 }),
    enabled,
    staleTime: minute,
  });
}
