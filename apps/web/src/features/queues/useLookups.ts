/**
 * The integration and prompt selects of the queue modal. Those areas arrive
 * later: until their routes exist (404) the lists are just empty.
 */
import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";

export interface Lookup {
  id: number;
  name: string;
}

async function lookupList(path: string, key: string): Promise<Lookup[]> {
  try {
    const data = await api.get<Record<string, unknown> | unknown[]>(path);
    const list = Array.isArray(data) ? data : data[key];
    return Array.isArray(list) ? (list as Lookup[]) : [];
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) toastError(err);
    return [];
  }
}

export function useLookups(enabled: boolean) {
  const integrations = useQuery({
    queryKey: ["queueIntegration"],
    queryFn: () => lookupList("/queueIntegration", "queueIntegrations"),
    enabled,
    staleTime: 60_000,
  });
  const prompts = useQuery({
    queryKey: ["prompt"],
    queryFn: () => lookupList("/prompt", "prompts"),
    enabled,
    staleTime: 60_000,
  });
  return { integrations: integrations.data ?? [], prompts: prompts.data ?? [] };
}
