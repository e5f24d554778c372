/**
 * The contacts page's list (GET /contacts), kept live from
 * company-{companyId}-contact: create/update upsert, delete removes, and an
 * import's "reload" refetches the loaded pages once per burst. Also the
 * row delete and the import from the phone.
 */
import { useRef } from "react";
import type { ContactDto, PhoneImportResult } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";
import { contactsKey, importsRunning } from "./contactsKeys";

const RELOAD_THROTTLE_MS = 2000;

export function useContactsList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"contacts", ContactDto>({ key: contactsKey, path: "/contacts", field: "contacts" });
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useCompanyEvent("contact", (payload) => {
    switch (payload.action) {
      case "delete":
        if (payload.contactId !== undefined) removeFromPages(queryClient, contactsKey, "contacts", payload.contactId);
        return;
      case "reload":
        // This tab's own import refetches when it ends; another's sends one per batch: refetch every 2 s at most.
        if (importsRunning.count > 0) return;
        reloadTimer.current ??= setTimeout(() => {
          reloadTimer.current = null;
          void queryClient.invalidateQueries({ queryKey: [contactsKey] });
        }, RELOAD_THROTTLE_MS);
        return;
      case "create":
      case "update":
        if (payload.contact) upsertInPages(queryClient, contactsKey, "contacts", payload.contact);
    }
  });
  return list;
}

export function useDeleteContact() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contacts/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, contactsKey, "contacts", id);
      toast.success(t("contacts.toasts.deleted"));
    },
    onError: toastError,
  });
}

/**
 * POST /contacts/import (no body): the default connection's phone book becomes
 * contacts. The spec's client reloads the page after it; refetching the list
 * shows the same and keeps the search and the scroll.
 */
export function useImportPhoneContacts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PhoneImportResult>("/contacts/import"),
    // The server's "reload" event is for other tabs; this one refetches once when the answer comes.
    onMutate: () => {
      importsRunning.count += 1;
    },
    onSettled: () => {
      importsRunning.count -= 1;
    },
    onSuccess: (result) => {
      toast.success(t("contacts.phoneImport.done", { ...result }));
      void queryClient.invalidateQueries({ queryKey: [contactsKey] });
    },
    onError: toastError,
  });
}
