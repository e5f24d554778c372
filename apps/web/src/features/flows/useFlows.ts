/**
 * The /flowbuilders list (GET /flowbuilder paged → {flows, hasMore}), kept
 * live from company-{companyId}-flowbuilder (issue 18 item 1): create and
 * update upsert `flow`, delete removes `flowId`. Every flow at once (GET
 * /flowbuilder without pageNumber) feeds the campaign dialog's autocomplete
 * and the connection dialog's flow selects; it is refreshed with the list.
 */
import type { FlowSummary } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { campaignsKey } from "../phrase-campaigns/usePhraseCampaigns";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";
import { toCreateBody, toUpdateBody, type FlowNameFormValues } from "./flowForm";

export const flowsKey = "flows";
const field = "flows";
export const flowOptionsKey = ["flowOptions"] as const;

function flowSaved(client: QueryClient, flow: FlowSummary) {
  upsertInPages(client, flowsKey, field, flow);
  void client.invalidateQueries({ queryKey: flowOptionsKey });
}

/** A deleted flow takes its phrase campaigns with it (issue 18 item 1). */
function flowRemoved(client: QueryClient, id: number) {
  removeFromPages<typeof field, FlowSummary>(client, flowsKey, field, id);
  void client.invalidateQueries({ queryKey: flowOptionsKey });
  void client.invalidateQueries({ queryKey: campaignsKey });
}

/** A save's answer is the flow when the server sends it; otherwise the list is read again. */
function afterSave(client: QueryClient, answer: unknown) {
  const flow = (answer as { flow?: unknown } | null)?.flow ?? answer;
  if (flow && typeof flow === "object" && "id" in flow && "name" in flow) flowSaved(client, flow as FlowSummary);
  else void client.invalidateQueries({ queryKey: [flowsKey] });
  void client.invalidateQueries({ queryKey: flowOptionsKey });
}

export function useFlows() {
  const queryClient = useQueryClient();
  const list = usePagedList<typeof field, FlowSummary>({ key: flowsKey, path: "/flowbuilder", field });
  useCompanyEvent("flowbuilder", (payload) => {
    if (payload.action === "delete" && payload.flowId !== undefined) flowRemoved(queryClient, payload.flowId);
    else if (payload.flow) flowSaved(queryClient, payload.flow);
  });
  return list;
}

/** Every flow of the company, by name (the campaign autocomplete, the connection's selects). */
export function useFlowOptions(enabled = true) {
  return useQuery({
    queryKey: flowOptionsKey,
    queryFn: async () => {
      const data = await api.get<{ flows: FlowSummary[] } | FlowSummary[]>("/flowbuilder");
      return Array.isArray(data) ? data : data.flows;
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Add (POST {name}) or rename (PUT {name, flowId, active}) from the name dialog. */
export function useSaveFlowName(flow: FlowSummary | undefined, onClose: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FlowNameFormValues) =>
      flow
        ? api.put<unknown>("/flowbuilder", toUpdateBody(flow, { name: values.name }))
        : api.post<unknown>("/flowbuilder", toCreateBody(values)),
    onSuccess: (answer) => {
      afterSave(queryClient, answer);
      onClose();
    },
    onError: toastError,
  });
}

/** The row menu's Activate / Deactivate. */
export function useSetFlowActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flow, active }: { flow: FlowSummary; active: boolean }) =>
      api.put<unknown>("/flowbuilder", toUpdateBody(flow, { active })).then((answer) => ({ answer, flow, active })),
    onSuccess: ({ answer, flow, active }) => {
      flowSaved(queryClient, { ...flow, active });
      afterSave(queryClient, answer);
    },
    onError: toastError,
  });
}

export function useDuplicateFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flowId: number) => api.post<unknown>("/flowbuilder/duplicate", { flowId }),
    onSuccess: (answer) => {
      toast.success(t("flows.toasts.duplicated"));
      afterSave(queryClient, answer);
    },
    onError: toastError,
  });
}

/** After a delete the list starts again from page 1, as the integrations list does. */
export function useDeleteFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowbuilder/${id}`).then(() => id),
    onSuccess: async (id) => {
      toast.success(t("flows.toasts.deleted"));
      flowRemoved(queryClient, id);
      queryClient.removeQueries({ queryKey: [flowsKey], type: "inactive" });
      await queryClient.resetQueries({ queryKey: [flowsKey] });
    },
    onError: toastError,
  });
}
