/**
 * The company's connections (GET /whatsapp?session=0), kept live from
 * company-{id}-whatsapp (update replaces, delete removes by whatsappId) and
 * company-{id}-whatsappSession (status, qrcode, retries, updatedAt), §4.3.
 * The user modal's connection select reads the same cache key.
 */
import type { WhatsappDto } from "@balcao/contracts";
import { replaceEqualDeep, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { applySession, mergeFetched, upsertConnection } from "./connectionList";
import type { SessionAction } from "./sessionView";

export const connectionsKey = ["whatsapp"] as const;

export function setConnections(
  queryClient: QueryClient,
  change: (list: WhatsappDto[] | undefined) => WhatsappDto[] | undefined,
) {
  queryClient.setQueryData<WhatsappDto[]>(connectionsKey, change);
}

export function useConnections(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: connectionsKey,
    queryFn: () => api.get<WhatsappDto[]>("/whatsapp/", { session: 0 }),
    structuralSharing: (cached, fetched) =>
      replaceEqualDeep(cached, mergeFetched(cached as WhatsappDto[] | undefined, fetched as WhatsappDto[])),
    enabled,
  });

  useCompanyEvent("whatsapp", (payload) => {
    if (!enabled) return;
    setConnections(queryClient, (list) => {
      if (payload.action === "delete") return list?.filter((c) => c.id !== payload.whatsappId);
      return payload.whatsapp ? upsertConnection(list, payload.whatsapp) : list;
    });
  });
  useCompanyEvent("whatsappSession", (payload) => {
    if (enabled) setConnections(queryClient, (list) => applySession(list, payload.session));
  });

  return query;
}

export function useDeleteConnection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_, id) => {
      setConnections(queryClient, (list) => list?.filter((c) => c.id !== id));
      toast.success(t("connections.toasts.deleted"));
    },
    onError: toastError,
  });
}

const sessionMethod = { start: "post", newQr: "put", disconnect: "delete" } as const;

/** The session buttons' calls (§7.4): POST starts, PUT asks a new QR, DELETE disconnects. */
export function useSessionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) =>
      api[sessionMethod[action]](`/whatsappsession/${id}`),
    // Session events bring the changes; re-reading the list covers one missed while reconnecting.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsKey, exact: true }),
    onError: toastError,
  });
}
