/**
 * §2 Ticket: a queue select (GET /queue), "Adicione uma fila" without one; data {queue:
 * {id, name}}. Its own title ("Adicionar fila ao fluxo" / "Editar fila"): the §2 defect of
 * repeating the interval dialog's titles is fixed.
 */
import { useState } from "react";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useQueues } from "../../queues/useQueues";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { num, obj } from "./read";
import { errorKey } from "./rules";
import type { BlockDialogProps } from "./types";

function TicketForm({ mode, data, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const queues = useQueues().data ?? [];
  const [queueId, setQueueId] = useState<number | "">(num(obj(data?.queue).id, 0) || "");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const queue = queues.find((q) => q.id === queueId);
    if (!queue) return setError(errorKey("queue"));
    onSave({ queue: { id: queue.id, name: queue.name } });
  };
  return (
    <BlockDialogShell mode={mode} block="ticket" onClose={onClose} onSubmit={submit}>
      <TextField
        select
        fullWidth
        margin="dense"
        label={t("flowDialogs.ticket.queue")}
        value={queueId}
        onChange={(e) => {
          setQueueId(e.target.value === "" ? "" : Number(e.target.value));
          setError(null);
        }}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { "data-testid": "flow-ticket-queue" },
        }}
      >
        <option value="">{t("flowDialogs.ticket.pick")}</option>
        {queues.map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
          </option>
        ))}
      </TextField>
    </BlockDialogShell>
  );
}

export const TicketDialog = blockDialog(TicketForm);
