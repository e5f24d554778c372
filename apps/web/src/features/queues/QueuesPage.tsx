/**
 * Queues page (/queues, business-areas §2.4): the company's queues with their
 * colour, bot order and greeting; add, edit, and delete after confirmation.
 * The list follows `company-{id}-queue` live.
 */
import { useState } from "react";
import {
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import type { QueueDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";
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
        <IconButton size="small" onClick={onEdit} aria-label={t("queues.buttons.edit")} data-testid="queue-edit">
          <Edit fontSize="small" />
        </IconButton>
      </TableCell>
      <TableCell align="center" padding="checkbox">
        <IconButton size="small" onClick={onDelete} aria-label={t("queues.buttons.delete")} data-testid="queue-delete">
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

export default function QueuesPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  const remove = useDeleteQueue();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<QueueDto | null>(null);
  const list = queues.data ?? [];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t("queues.title")}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="queue-add"
        >
          {t("queues.buttons.add")}
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" data-testid="queues-table">
          <TableHead>
            <TableRow>
              <TableCell align="center">{t("queues.table.id")}</TableCell>
              <TableCell>{t("queues.table.name")}</TableCell>
              <TableCell align="center">{t("queues.table.color")}</TableCell>
              <TableCell align="center" sx={notOnPhones}>
                {t("queues.table.orderQueue")}
              </TableCell>
              <TableCell sx={wideOnly}>{t("queues.table.greeting")}</TableCell>
              <TableCell align="center">{t("queues.table.edit")}</TableCell>
              <TableCell align="center">{t("queues.table.delete")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((queue) => (
              <QueueRow
                key={queue.id}
                queue={queue}
                onEdit={() => setModal({ open: true, queueId: queue.id })}
                onDelete={() => setDeleting(queue)}
              />
            ))}
            {!queues.isLoading && list.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("queues.empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {modal.open && <QueueModal queueId={modal.queueId} onClose={() => setModal({ open: false })} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t("queues.confirm.title", { name: deleting?.name ?? "" })}
        message={t("queues.confirm.message")}
        confirmLabel={t("queues.confirm.ok")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="queue-delete-dialog"
      />
    </Paper>
  );
}
