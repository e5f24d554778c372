/**
 * The contact lists page's list (GET /contact-lists) and one list, kept live
 * from company-{companyId}-ContactList (business-areas §4).
 */
import type { ContactListDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const contactListsKey = "contact-lists";

/** The sample spreadsheet the web app serves (business-areas §9). */
export const sampleSheetUrl = "/planilha.xlsx";

export function useContactListsList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"records", ContactListDto>({
    key: contactListsKey,
    path: "/contact-lists",
    field: "records",
  });
  useCompanyEvent("contactList", (payload) => {
    if (payload.action === "delete" && payload.id !== undefined) {
      removeFromPages(queryClient, contactListsKey, "records", payload.id);
    } else if (payload.record) {
      upsertInPages(queryClient, contactListsKey, "records", payload.record);
    }
  });
  return list;
}

/** One list (GET /contact-lists/{id}: its name and last import), kept live from the same channel. */
export function useContactList(listId: number) {
  const queryClient = useQueryClient();
  const key = ["contact-list", listId];
  useCompanyEvent("contactList", (payload) => {
    if (payload.record?.id === listId) queryClient.setQueryData(key, payload.record);
  });
  return useQuery({ queryKey: key, queryFn: () => api.get<ContactListDto>(`/contact-lists/${listId}`) });
}

export function useDeleteContactList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contact-lists/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, contactListsKey, "records", id);
      toast.success(t("contactLists.toasts.deleted"));
    },
    onError: toastError,
  });
}
