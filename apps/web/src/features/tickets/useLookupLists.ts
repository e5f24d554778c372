/**
 * The small lists the workspace picks from: tags, users and connections
 * (queues come from the users area's useQueueOptions) (core-platform §7.4, §7.6),
 * cached for a minute.
 */
import type { UserName, WhatsappDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";

export interface Named {
  id: number;
  name: string;
}
export interface TagRef extends Named {
  color: string;
}

const minute = 60_000;

export function useTagList(enabled = true) {
  return useQuery({
    queryKey: ["tags", "list"],
    queryFn: () => api.get<TagRef[]>("/tags/list"),
    enabled,
    staleTime: minute,
  });
}

/** Every user of the company with their queues (GET /users/list, open to agents). */
export function useUserList(enabled = true) {
  return useQuery({
    queryKey: ["users", "list"],
    queryFn: () => api.get<UserName[]>("/users/list"),
    enabled,
    staleTime: minute,
  });
}

export function useConnectionList(enabled = true) {
  return useQuery({
    queryKey: ["whatsapp", "list"],
    queryFn: () => api.get<WhatsappDto[]>("/whatsapp", { session: 0 }),
    enabled,
    staleTime: minute,
  });
}
