/**
 * The transfer modal (core-platform §2.13, §4.1): a user autocomplete (3
 * characters, 500 ms), the queue (a chosen user's only queue preselected,
 * required), the connection ("Selecione uma Conexão"); PUT /tickets/{id}
 * with {userId, queueId, status, whatsappId} — a queue without a user
 * leaves the ticket pending — then back to /tickets.
 */
import { useState, type FormEvent } from "react";
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import type { QueueRef, TicketDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { useQueueOptions } from "../../users/useUserOptions";
import { applyTicketUpdate } from "../ticketsCache";
import type { Named } from "../useLookupLists";
import { ConnectionSelect } from "./ConnectionSelect";
import { QueueSelect } from "./QueueSelect";
import { useUserSearch } from "./useSearchOptions";

type UserOption = Named & { queues?: QueueRef[] };

export function transferPayload(userId: number | null, queueId: number, whatsappId: number | "") {
  return {
    userId,
    queueId,
    status: userId === null ? "pending" : "open",
    ...(whatsappId === "" ? {} : { whatsappId }),
  };
}

export default function TransferModal({ ticket, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState<number | "">("");
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  const [queueError, setQueueError] = useState("");
  const search = useUserSearch(text);
  const queues = useQueueOptions(true).data ?? [];

  const transfer = useMutation({
    mutationFn: (queue: number) =>
      api.put<TicketDto>(`/tickets/${ticket.id}`, transferPayload(user?.id ?? null, queue, whatsappId)),
    onSuccess: (updated) => {
      if (me) applyTicketUpdate(client, updated, me);
      onClose();
      void navigate("/tickets");
    },
    onError: toastError,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (queueId === "") {
      setQueueError(t("transferTicketModal.selectQueue"));
      return;
    }
    transfer.mutate(queueId);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { "data-testid": "transfer-modal" } as object }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>{t("transferTicketModal.title")}</DialogTitle>
        <DialogContent dividers>
          <Autocomplete<UserOption>
            options={search.users}
            value={user}
            filterOptions={(o) => o}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={search.loading}
            noOptionsText={text.trim().length < 3 ? t("newTicketModal.typeMore") : t("common.noRecords")}
            onInputChange={(_, v, reason) => reason !== "reset" && setText(v)}
            onChange={(_, o) => {
              setUser(o);
              const own = o?.queues ?? [];
              if (own.length === 1 && own[0]) {
                setQueueId(own[0].id);
                setQueueError("");
              }
            }}
            renderOption={(props, o) => (
              <li {...props} key={o.id} data-testid={`transfer-user-${o.id}`}>
                {o.name}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={t("transferTicketModal.fieldLabel")}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, "data-testid": "transfer-user" },
                }}
              />
            )}
          />
          <QueueSelect
            queues={queues}
            value={queueId}
            onChange={(v) => {
              setQueueId(v);
              setQueueError("");
            }}
            error={queueError}
            testId="transfer-queue"
          />
          <ConnectionSelect
            value={whatsappId}
            onChange={setWhatsappId}
            placeholder={t("transferTicketModal.fieldConnectionPlaceholder")}
            testId="transfer-connection"
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} data-testid="transfer-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={transfer.isPending} data-testid="transfer-ok">
            {t("transferTicketModal.buttons.ok")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
