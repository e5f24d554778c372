/**
 * Autocomplete searches of the ticket dialogs (core-platform §2.13, §5): a
 * search runs only from 3 characters, 500 ms after typing stops.
 */
import { limits, timings, type ContactListResponse } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { useDebouncedValue } from "../../lists/usePagedList";
import { useUserList } from "../useLookupLists";

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
 * Users by name from GET /users/list, which every profile may read and which
 * carries each user's queues (the transfer modal preselects a single one).
 */
export function useUserSearch(text: string) {
  const term = useSearchTerm(text);
  const query = useUserList(term !== "");
  const lower = term.toLowerCase();
  const users = (query.data ?? []).filter((u) => u.name.toLowerCase().includes(lower));
  return { term, users: term ? users : [], loading: term !== "" && query.isFetching };
}
