/**
 * The list pages of business-areas §2.2: search text lowercased and applied
 * after 500 ms (back to page 1), pages from 1 loaded one after another, and
 * helpers that apply a realtime event to every loaded page.
 */
import { useEffect, useMemo, useState } from "react";
import { timings } from "@balcao/contracts";
import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api } from "../../api/http";

interface Identified {
  id: number;
}

/** A page as the server answers it: `{ <items>, hasMore, count? }`. */
export type PageOf<K extends string, T> = { [P in K]: T[] } & { hasMore: boolean; count?: number };

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function usePagedList<K extends string, T extends Identified>(opts: {
  key: string;
  path: string;
  field: K;
  /** Further query params the list is of (a list's items: contactListId); part of the cache key. */
  params?: Record<string, string | number>;
  /**
   * Whether a copy already shown is newer than the one a refetch brings: a
   * realtime update may arrive before a refetch that read the row earlier.
   */
  isNewer?: (shown: T, fetched: T) => boolean;
  /** False holds the first fetch back (a list read a moment after it appears). */
  enabled?: boolean;
}) {
  const { key, path, field, params, isNewer, enabled = true } = opts;
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), timings.searchDebounceMs);
  const query = useInfiniteQuery({
    queryKey: params ? [key, searchParam, params] : [key, searchParam],
    queryFn: ({ pageParam }) => api.get<PageOf<K, T>>(path, { ...params, searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: PageOf<K, T>, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    structuralSharing: isNewer
      ? (shown: unknown, fetched: unknown) => keepNewer(shown as Pages<K, T>, fetched as Pages<K, T>, field, isNewer)
      : true,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    // A row created while paging may shift into the next page too: show it once.
    const seen = new Set<number>();
    return (pages ?? []).flatMap((p) => p[field]).filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [pages, field]);
  return { search, setSearch, searchParam, items, count: pages?.[0]?.count, query };
}

type Pages<K extends string, T> = InfiniteData<PageOf<K, T>>;

function keepNewer<K extends string, T extends Identified>(
  shown: Pages<K, T> | undefined,
  fetched: Pages<K, T>,
  field: K,
  isNewer: (shown: T, fetched: T) => boolean,
): Pages<K, T> {
  if (!shown) return fetched;
  const byId = new Map(shown.pages.flatMap((p) => p[field]).map((x) => [x.id, x]));
  const pick = (x: T) => {
    const old = byId.get(x.id);
    return old && isNewer(old, x) ? old : x;
  };
  return { ...fetched, pages: fetched.pages.map((p) => withItems(p, field, p[field].map(pick))) };
}

function withItems<K extends string, T>(page: PageOf<K, T>, field: K, items: T[], count = page.count): PageOf<K, T> {
  return { ...page, [field]: items, count };
}

/** Applies a change to every cached search of the list. */
function editAll<K extends string, T>(
  client: QueryClient,
  key: string,
  change: (data: Pages<K, T>, searchParam: string) => Pages<K, T>,
) {
  for (const [queryKey, data] of client.getQueriesData<Pages<K, T>>({ queryKey: [key] })) {
    const searchParam = typeof queryKey[1] === "string" ? queryKey[1] : "";
    // Other caches may sit under the same first key (the ticket screen's tag lookup: ["tags", "list", …],
    // a plain array): only paged lists are this function's to edit.
    if (data && Array.isArray(data.pages)) client.setQueryData(queryKey, change(data, searchParam));
  }
}

const has = <T extends Identified>(items: T[], id: number) => items.some((x) => x.id === id);

/**
 * Realtime create/update: replaced where it is loaded; a new one goes on top
 * of the unfiltered list only (a search's results come from the server).
 */
export function upsertInPages<K extends string, T extends Identified>(
  client: QueryClient,
  key: string,
  field: K,
  item: T,
) {
  editAll<K, T>(client, key, (data, searchParam) => {
    if (data.pages.some((p) => has(p[field], item.id))) {
      const pages = data.pages.map((p) =>
        withItems(
          p,
          field,
          p[field].map((x) => (x.id === item.id ? item : x)),
        ),
      );
      return { ...data, pages };
    }
    const [first, ...rest] = data.pages;
    if (searchParam !== "" || !first) return data;
    const count = first.count === undefined ? undefined : first.count + 1;
    return { ...data, pages: [withItems(first, field, [item, ...first[field]], count), ...rest] };
  });
}

export function removeFromPages<K extends string, T extends Identified>(
  client: QueryClient,
  key: string,
  field: K,
  id: number,
) {
  editAll<K, T>(client, key, (data) => {
    if (!data.pages.some((p) => has(p[field], id))) return data;
    const pages = data.pages.map((p, i) =>
      withItems(
        p,
        field,
        p[field].filter((x) => x.id !== id),
        i === 0 && p.count !== undefined ? p.count - 1 : p.count,
      ),
    );
    return { ...data, pages };
  });
}
