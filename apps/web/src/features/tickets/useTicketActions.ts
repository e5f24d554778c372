/**
 * The ticket transitions of core-platform §4.1 as the workspace sends them
 * (PUT /tickets/{id}), and where the app goes afterwards: the ticket stays
 * on screen when it ends open, otherwise back to /tickets.
 */
import type { TicketDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { applyTicketUpdate } from "./ticketsCache";

export type TicketAction = "accept" | "return" | "resolve" | "reopen";

export function actionPayload(action: TicketAction, ticket: TicketDto, userId: number) {
  switch (action) {
    case "accept":
      return { status: "open", userId };
    case "return":
      return { status: "pending", userId: null };
    case "resolve":
      return {
        status: "closed",
        userId,
        queueId: ticket.queueId,
        useIntegration: false,
        promptId: null,
        integrationId: null,
      };
    case "reopen":
      return { status: "open", userId, queueId: ticket.queueId };
  }
}

export function useTicketAction() {
  const { user } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ action, ticket }: { action: TicketAction; ticket: TicketDto }) =>
      api.put<TicketDto>(`/tickets/${ticket.id}`, actionPayload(action, ticket, user?.id ?? 0)),
    onSuccess: (updated) => {
      if (user) applyTicketUpdate(client, updated, user);
      void navigate(updated.status === "open" ? `/tickets/${updated.uuid}` : "/tickets");
    },
    onError: toastError,
  });
}
