/**
 * Autocomplete searches of the ticket dialogs (core-platform §2.13, §5): a
 * search runs only from 3 characters, 500 ms after typing stops.
 */
import { limits, timings, type ContactListResponse, type UserDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { useAuth } from "../../../app/auth";
import { useDebouncedValue } from "../../lists/usePagedList";
import type { Named } from "../useLookupLists";

export function useSearchTerm(text: string): string {
  const term = useDebouncedValue(text.trim(), timings.searchDebounceMs);
  return term.length >= limits.searchMin ? term : "";
}

export function useContactSearch(text: string) {
  const term = useSearchTerm(text);
  const query = useQuery({
    queryKey: ["contacts", "search", term],
    queryFn: () => api.get<ContactListResponse>("/contacts", { searchParam: term.toLowerCase(), pageNumber: 1 }),
    enabled: term !== "",
  });
  return { term, contacts: term ? (query.data?.contacts ?? []) : [], loading: term !== "" && query.isFetching };
}

/**
 * GET /users?searchParam is the administrators' list; agents transfer from
 * GET /users/list (names only), filtered here by the same text.
 */
export function useUserSearch(text: string) {
  const { user } = useAuth();
  const term = useSearchTerm(text);
  const isAdmin = user?.profile === "admin";
  const query = useQuery({
    queryKey: ["users", "search", isAdmin, isAdmin ? term : ""],
    queryFn: async (): Promise<(Named & { queues?: UserDto["queues"] })[]> => {
      if (isAdmin)
        return (await api.get<{ users: UserDto[] }>("/users", { searchParam: term.toLowerCase(), pageNumber: 1 }))
          .users;
      return api.get<Named[]>("/users/list");
    },
    enabled: term !== "",
  });
  const users = (query.data ?? []).filter((u) => u.name.toLowerCase().includes(term.toLowerCase()));
  return { term, users: term ? users : [], loading: term !== "" && query.isFetching };
}
