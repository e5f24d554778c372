/**
 * Queues page (/queues, business-areas §2.4): the company's queues with their
 * colour, bot order and greeting; add, edit, and delete after confirmation.
 * The list follows `company-{id}-queue` live.
 */
import { useState } from "react";
import { Box, Button, TableCell, TableRow, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { QueueDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { QueueModal } from "./QueueModal";
import { useDeleteQueue, useQueues } from "./useQueues";

/** Bot order and greeting are left out on phones, so the row's actions stay in view. */
const wideOnly = { display: { xs: "none", md: "table-cell" } } as const;
const notOnPhones = { display: { xs: "none", sm: "table-cell" } } as const;

/** The modal is closed, adding, or editing a queue. */
type ModalState = { open: false } | { open: true; queueId?: number };

function QueueRow({ queue, onEdit, onDelete }: { queue: QueueDto; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`queue-row-${queue.id}`}>
      <TableCell align="center">{queue.id}</TableCell>
      <TableCell data-testid="queue-row-name">{queue.name}</TableCell>
      <TableCell align="center">
        <Box
          data-testid="queue-row-color"
          data-color={queue.color}
          title={queue.color}
          sx={{ width: { xs: 32, sm: 60 }, height: 20, mx: "auto", borderRadius: 1, bgcolor: queue.color }}
        />
      </TableCell>
      <TableCell align="center" sx={notOnPhones}>
        {queue.orderQueue ?? ""}
      </TableCell>
      <TableCell sx={{ ...wideOnly, maxWidth: 320 }}>
        <Typography variant="body2" noWrap title={queue.greetingMessage}>
          {queue.greetingMessage}
        </Typography>
      </TableCell>
      <TableCell align="center" padding="checkbox">
        <RowAction action="edit" onClick={onEdit} label={t("queues.buttons.edit")} testId="queue-edit" />
      </TableCell>
      <TableCell align="center" padding="checkbox">
        <RowAction action="delete" onClick={onDelete} label={t("queues.buttons.delete")} testId="queue-delete" />
      </TableCell>
    </TableRow>
  );
}

export default function QueuesPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  const remove = useDeleteQueue();
  const [modal, setModal] = useState<ModalState>({ open: false });

  return (
    <ListPage
      testId="queues"
      title={t("queues.title")}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="queue-add"
        >
          {t("queues.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("queues.table.id"), align: "center" },
        { label: t("queues.table.name") },
        { label: t("queues.table.color"), align: "center" },
        { label: t("queues.table.orderQueue"), align: "center", sx: notOnPhones },
        { label: t("queues.table.greeting"), sx: wideOnly },
        { label: t("queues.table.edit"), align: "center" },
        { label: t("queues.table.delete"), align: "center" },
      ]}
      items={queues.data ?? []}
      renderRow={(queue, askDelete) => (
        <QueueRow
          key={queue.id}
          queue={queue}
          onEdit={() => setModal({ open: true, queueId: queue.id })}
          onDelete={askDelete}
        />
      )}
      loaded={!queues.isLoading}
      emptyText={t("queues.empty")}
      confirmDelete={{
        title: (name) => t("queues.confirm.title", { name }),
        message: t("queues.confirm.message"),
        confirmLabel: t("queues.confirm.ok"),
        cancelLabel: t("common.cancel"),
        testId: "queue-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <QueueModal queueId={modal.queueId} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
