/**
 * What the campaign modal's selects offer (business-areas §7): the contact
 * lists (GET /contact-lists/list), tags (GET /tags/list), connections
 * (GET /whatsapp) and file lists (GET /files/), cached for a minute.
 */
import type { ContactListDto, FileListDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";
import type { Named } from "../tickets/useLookupLists";
import { useConnectionList } from "../tickets/useLookupLists";

const minute = 60_000;
/**
 * Not under the lists' own keys ("contact-lists", "files", "tags"): their
 * realtime helpers edit every query under those keys as pages.
 */
const lookupKey = "campaign-lookup";
/** GET /files/ answers pages; a select reads this many at most. */
const fileListPagesMax = 10;

async function allFileLists(): Promise<Named[]> {
  const lists: Named[] = [];
  for (let pageNumber = 1; pageNumber <= fileListPagesMax; pageNumber++) {
    const page = await api.get<{ files: FileListDto[]; hasMore: boolean }>("/files/", { pageNumber });
    lists.push(...page.files.map(({ id, name }) => ({ id, name })));
    if (!page.hasMore) break;
  }
  return lists;
}

export function useCampaignLookups() {
  const contactLists = useQuery({
    queryKey: [lookupKey, "contact-lists"],
    queryFn: () => api.get<ContactListDto[]>("/contact-lists/list"),
    staleTime: minute,
  });
  // §8: a failure to load tags is only logged (react-query's own log); the select stays empty.
  const tags = useQuery({
    queryKey: [lookupKey, "tags"],
    queryFn: () => api.get<Named[]>("/tags/list", { searchParam: "" }),
    staleTime: minute,
  });
  const connections = useConnectionList();
  const fileLists = useQuery({ queryKey: [lookupKey, "files"], queryFn: allFileLists, staleTime: minute });
  const named = (list: readonly Named[] | undefined) => (list ?? []).map(({ id, name }) => ({ id, name }));
  return {
    contactLists: named(contactLists.data),
    tags: named(tags.data),
    connections: named(connections.data),
    fileLists: fileLists.data ?? [],
  };
}

/** The options of a select, with the record's own choice added when the lookup's first page left it out. */
export function withChosen(options: Named[], chosen: Named | null): Named[] {
  if (!chosen || options.some((o) => o.id === chosen.id)) return options;
  return [chosen, ...options];
}
