/**
 * A card dropped on another lane (business-areas §4 "Tag and kanban"): it
 * shows there at once and the server moves it in one call (POST
 * /ticket/kanban/{ticketId}/move, the spec's DELETE + PUT /ticket-tags as one
 * transaction). A refusal puts the card back where it was, toasts the reason
 * and reads the board again.
 */
import type { TicketDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { movedTo, withTicket, type BoardFilter, type Lane } from "./kanbanRules";
import { cardsKey, editCards } from "./useKanban";

interface Move {
  ticket: TicketDto;
  lane: Lane;
}

export function useMoveCard(filter: BoardFilter) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const place = (ticket: TicketDto) => editCards(client, filter, (cards) => withTicket(cards, ticket, true));
  return useMutation({
    mutationFn: ({ ticket, lane }: Move) => api.post<TicketDto>(`/ticket/kanban/${ticket.id}/move`, { tagId: lane.id }),
    onMutate: async ({ ticket, lane }: Move) => {
      await client.cancelQueries({ queryKey: cardsKey(filter) });
      place(movedTo(ticket, lane));
    },
    onSuccess: (moved, { lane }) => {
      place(moved);
      toast.success(t("kanban.toasts.moved", { id: moved.id, lane: lane.tag?.name ?? t("kanban.lanes.open") }));
    },
    onError: (err, { ticket }) => {
      place(ticket);
      toastError(err);
      void client.invalidateQueries({ queryKey: cardsKey(filter) });
    },
  });
}
