/**
 * The integration and prompt selects of the queue and connection dialogs
 * (business-areas §2.4, core-platform §2.13): every queue integration
 * (GET /queueIntegration without pageNumber) and every prompt (GET /prompt).
 * A company whose plan lacks useIntegrations or useOpenAi gets `null` for that
 * list: the dialog shows no such select and nothing is asked of the server
 * (which would refuse with ERR_NO_PERMISSION and raise a toast).
 */
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { usePlanFeature } from "../layout/usePlan";

export interface Lookup {
  id: number;
  name: string;
  /** An integration's type (the connection dialog shows its flow selects for flowbuilder ones). */
  type?: string;
}

/** The lookups' cache keys: the prompts and integrations screens refresh them after a change. */
export const promptLookupKey = ["prompt", "lookup"] as const;
export const integrationLookupKey = ["queueIntegration", "lookup"] as const;

/** A list that cannot be read is shown as empty, after the error's toast. */
async function lookupList(path: string, key: string): Promise<Lookup[]> {
  try {
    const data = await api.get<Record<string, unknown> | unknown[]>(path);
    const list = Array.isArray(data) ? data : data[key];
    return Array.isArray(list) ? (list as Lookup[]).map(({ id, name, type }) => ({ id, name, type })) : [];
  } catch (err) {
    toastError(err);
    return [];
  }
}

export function useLookups(enabled: boolean) {
  const useIntegrations = usePlanFeature("useIntegrations") === "allowed";
  const useOpenAi = usePlanFeature("useOpenAi") === "allowed";
  const integrations = useQuery({
    queryKey: integrationLookupKey,
    queryFn: () => lookupList("/queueIntegration", "queueIntegrations"),
    enabled: enabled && useIntegrations,
    staleTime: 60_000,
  });
  const prompts = useQuery({
    queryKey: promptLookupKey,
    queryFn: () => lookupList("/prompt", "prompts"),
    enabled: enabled && useOpenAi,
    staleTime: 60_000,
  });
  return {
    integrations: useIntegrations ? (integrations.data ?? []) : null,
    prompts: useOpenAi ? (prompts.data ?? []) : null,
  };
}
