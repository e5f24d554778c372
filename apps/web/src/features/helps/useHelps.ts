/** Every help video (GET /helps/list), for the help page; the same list the super user's Help tab edits. */
import type { HelpDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http";

export const helpsListPath = "/helps/list";

export function useHelps() {
  return useQuery({ queryKey: ["helps", "list"], queryFn: () => api.get<HelpDto[]>(helpsListPath) });
}
