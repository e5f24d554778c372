/**
 * The /prompts list (GET /prompt → {prompts}), kept live from
 * company-{companyId}-prompt (automation-areas §4): create and update upsert
 * `prompt`, delete removes `promptId`. The queue and connection dialogs'
 * prompt select is refreshed with it.
 */
import type { PromptDto, PromptList } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { promptLookupKey } from "../queues/useLookups";

export const promptsKey = ["prompt", "list"] as const;

function setPrompts(client: QueryClient, change: (list: PromptDto[]) => PromptDto[]) {
  client.setQueryData<PromptList>(promptsKey, (data) => (data ? { prompts: change(data.prompts) } : data));
  void client.invalidateQueries({ queryKey: promptLookupKey });
}

/** A saved prompt replaces its row, or joins the list's end (the server lists by id). */
export function promptSaved(client: QueryClient, prompt: PromptDto) {
  setPrompts(client, (list) =>
    list.some((p) => p.id === prompt.id) ? list.map((p) => (p.id === prompt.id ? prompt : p)) : [...list, prompt],
  );
}

export function usePrompts() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: promptsKey, queryFn: () => api.get<PromptList>("/prompt") });
  useCompanyEvent("prompt", (payload) => {
    if (payload.action === "delete" && payload.promptId !== undefined) {
      const id = payload.promptId;
      setPrompts(queryClient, (list) => list.filter((p) => p.id !== id));
    } else if (payload.prompt) {
      promptSaved(queryClient, payload.prompt);
    }
  });
  return query;
}

/** DELETE /prompt/{id} answers {message}: a translation key shown as an info toast (§8). */
export function useDeletePrompt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message?: string }>(`/prompt/${id}`).then((answer) => ({ id, answer })),
    onSuccess: ({ id, answer }) => {
      toast.info(t(answer?.message ?? "prompts.toasts.deleted"));
      setPrompts(queryClient, (list) => list.filter((p) => p.id !== id));
    },
    onError: toastError,
  });
}
