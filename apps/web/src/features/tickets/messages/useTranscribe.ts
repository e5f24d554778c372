/**
 * "Transcrever" (issue 17 item 4): agents may have any audio message of a
 * ticket transcribed when the ticket's queue or connection has an AI prompt
 * (POST /messages/{id}/transcribe). The answer, and the message's realtime
 * update, carry `transcription`, shown under the player.
 */
import type { MessageDto, QueueDto, TicketDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useConnectionList } from "../useLookupLists";
import { putMessage } from "./useMessages";

/** Whether the ticket's queue or connection has a prompt (the server checks the same and refuses otherwise). */
export function useTranscribable(ticket: Pick<TicketDto, "queueId" | "whatsappId">): boolean {
  // Same key and answer as the queues page's useQueues: GET /queue, open to agents.
  const queues = useQuery({ queryKey: ["queue"], queryFn: () => api.get<QueueDto[]>("/queue"), staleTime: 60_000 });
  const connections = useConnectionList();
  const queue = queues.data?.find((q) => q.id === ticket.queueId);
  const connection = connections.data?.find((c) => c.id === ticket.whatsappId);
  return Boolean(queue?.promptId ?? connection?.promptId);
}

export function useTranscribe() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => api.post<MessageDto>(`/messages/${id}/transcribe`),
    onSuccess: (message) => {
      if (message && typeof message === "object" && "id" in message) putMessage(client, message);
    },
    onError: toastError,
  });
  return {
    transcribe: mutation.mutate,
    /** The message being transcribed, if any. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
