/**
 * The transfer modal (core-platform §2.13, §4.1): a user autocomplete (3
 * characters, 500 ms), the queue (a chosen user's only queue preselected,
 * required), the connection ("Selecione uma Conexão"); PUT /tickets/{id}
 * with {userId, queueId, status, whatsappId} — a queue without a user
 * leaves the ticket pending — then back to /tickets.
 */
import { useState } from "react";
import type { TicketDto, UserName } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { useQueueOptions } from "../../users/useUserOptions";
import { applyTicketUpdate } from "../ticketsCache";
import { ConnectionSelect } from "./ConnectionSelect";
import { QueueSelect, useQueueChoice } from "./QueueChoice";
import { SearchAutocomplete } from "./SearchAutocomplete";
import { TicketDialog } from "./TicketDialog";
import { useUserSearch } from "./useSearchOptions";

export function transferPayload(userId: number | null, queueId: number, whatsappId: number | "") {
  return {
    userId,
    queueId,
    status: userId === null ? "pending" : "open",
    ...(whatsappId === "" ? {} : { whatsappId }),
  };
}

interface Props {
  ticket: TicketDto;
  /** Called as the transfer is sent: the ticket may leave the user's sight, and their view with it. */
  onTransferring?: () => void;
  onClose: () => void;
}

export default function TransferModal({ ticket, onTransferring, onClose }: Props) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [user, setUser] = useState<UserName | null>(null);
  const queue = useQueueChoice();
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  const search = useUserSearch(text);
  const queues = useQueueOptions(true).data ?? [];

  const transfer = useMutation({
    mutationFn: (queue: number) =>
      api.put<TicketDto>(`/tickets/${ticket.id}`, transferPayload(user?.id ?? null, queue, whatsappId)),
    onMutate: onTransferring,
    onSuccess: (updated) => {
      if (me) applyTicketUpdate(client, updated, me);
      onClose();
      void navigate("/tickets");
    },
    onError: toastError,
  });

  const onSubmit = () => {
    if (queue.missing(t("transferTicketModal.selectQueue")) || queue.queueId === "") return;
    transfer.mutate(queue.queueId);
  };

  return (
    <TicketDialog
      testId="transfer"
      title={t("transferTicketModal.title")}
      okLabel={t("transferTicketModal.buttons.ok")}
      pending={transfer.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <SearchAutocomplete<UserName>
        label={t("transferTicketModal.fieldLabel")}
        text={text}
        onText={setText}
        options={search.users}
        value={user}
        onChange={(o) => {
          setUser(o);
          const own = o?.queues ?? [];
          if (own.length === 1 && own[0]) queue.choose(own[0].id);
        }}
        loading={search.loading}
        optionLabel={(o) => o.name}
        optionTestId={(o) => `transfer-user-${o.id}`}
        testId="transfer-user"
      />
      <QueueSelect choice={queue} queues={queues} testId="transfer-queue" />
      <ConnectionSelect
        value={whatsappId}
        onChange={setWhatsappId}
        placeholder={t("transferTicketModal.fieldConnectionPlaceholder")}
        testId="transfer-connection"
      />
    </TicketDialog>
  );
}
