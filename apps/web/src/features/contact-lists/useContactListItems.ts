/**
 * One list's items (GET /contact-list-items?contactListId=), kept live from
 * company-{companyId}-ContactListItem (business-areas §4): upserts, deletes,
 * the reload after an import (its records replace the first page) and the
 * import's progress.
 */
import { useState } from "react";
import type { ContactListImportProgress, ContactListItemDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList, type PageOf } from "../lists/usePagedList";

/** One cache key per list, so one list's events never touch another's rows. */
export const itemsKey = (listId: number) => `contact-list-items:${listId}`;

/** A number check answered after the shown copy was read makes it newer. */
const isNewer = (shown: ContactListItemDto, other: ContactListItemDto) => shown.updatedAt > other.updatedAt;

/**
 * Upserts an item unless a newer copy is shown: the number check may answer
 * before the save's own answer (or its create event) reaches the page.
 */
export function upsertItem(client: QueryClient, item: ContactListItemDto) {
  const key = itemsKey(item.contactListId);
  const shown = client
    .getQueriesData<InfiniteData<PageOf<"contacts", ContactListItemDto>>>({ queryKey: [key] })
    .flatMap(([, data]) => data?.pages.flatMap((p) => p.contacts) ?? [])
    .find((x) => x.id === item.id);
  if (shown && isNewer(shown, item)) return;
  upsertInPages(client, key, "contacts", item);
}

export function useContactListItems(listId: number) {
  const queryClient = useQueryClient();
  const key = itemsKey(listId);
  const [progress, setProgress] = useState<ContactListImportProgress | null>(null);
  const list = usePagedList<"contacts", ContactListItemDto>({
    key,
    path: "/contact-list-items",
    field: "contacts",
    params: { contactListId: listId },
    isNewer,
  });
  useCompanyEvent("contactListItem", (payload) => {
    const ofList = payload.contactListId ?? payload.record?.contactListId;
    if (ofList !== listId) return;
    if (payload.action === "delete" && payload.id !== undefined)
      removeFromPages(queryClient, key, "contacts", payload.id);
    else if (payload.action === "reload") void queryClient.invalidateQueries({ queryKey: [key] });
    else if (payload.action === "import" && payload.progress) setProgress(payload.progress);
    else if (payload.record) upsertItem(queryClient, payload.record);
  });
  return { ...list, progress, setProgress };
}

export function useDeleteContactListItem(listId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-list-items/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, itemsKey(listId), "contacts", id);
      toast.success(t("contactListItems.toasts.deleted"));
    },
    onError: toastError,
  });
}

/** POST /contact-lists/{id}/upload, multipart field `file`: answers once stored; the rows follow over realtime. */
export function useUploadSheet(listId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post(`/contact-lists/${listId}/upload`, form);
    },
    onError: toastError,
  });
}
