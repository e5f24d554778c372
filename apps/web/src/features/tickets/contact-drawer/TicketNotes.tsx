/**
 * The ticket notes in the contact drawer (core-platform §2.12, §7.6): a
 * note form (at least 2 characters) and the notes with author and time,
 * each deletable after "Excluir Registro" / "Deseja realmente excluir este registro?".
 */
import { useState } from "react";
import { Box, Button, IconButton, List, ListItem, ListItemText, TextField, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { limits, type TicketDto, type TicketNoteDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { companyDateTime } from "../../../app/company-clock";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { z } from "zod";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { ConfirmDialog } from "../../lists/ConfirmDialog";

const noteSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, "contactModal.validation.required")
    .min(limits.noteMin, "contactModal.validation.tooShort"),
});
type NoteForm = z.infer<typeof noteSchema>;

export function TicketNotes({ ticket }: { ticket: TicketDto }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ["ticket-notes", ticket.id, ticket.contactId];
  const notes = useQuery({
    queryKey: key,
    queryFn: () => api.get<TicketNoteDto[]>("/ticket-notes/list", { ticketId: ticket.id, contactId: ticket.contactId }),
  });
  const [deleting, setDeleting] = useState<TicketNoteDto | null>(null);
  const { control, handleSubmit, reset } = useForm<NoteForm>({
    resolver: zodResolver(noteSchema),
    defaultValues: { note: "" },
  });

  const add = useMutation({
    mutationFn: (values: NoteForm) =>
      api.post<TicketNoteDto>("/ticket-notes", { note: values.note, ticketId: ticket.id, contactId: ticket.contactId }),
    onSuccess: () => {
      toast.success(t("ticketNotes.toasts.added"));
      reset({ note: "" });
      void client.invalidateQueries({ queryKey: key });
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/ticket-notes/${id}`),
    onSuccess: () => {
      toast.success(t("ticketNotes.toasts.deleted"));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: toastError,
  });

  return (
    <Box data-testid="ticket-notes">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t("ticketNotes.title")}
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit((v) => add.mutate(v))(e)}>
        <Controller
          control={control}
          name="note"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              multiline
              minRows={2}
              maxRows={6}
              fullWidth
              size="small"
              placeholder={t("ticketNotes.placeholder")}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              slotProps={{ htmlInput: { "data-testid": "note-text" } }}
            />
          )}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 1 }}>
          <Button size="small" color="inherit" onClick={() => reset({ note: "" })}>
            {t("common.cancel")}
          </Button>
          <Button size="small" type="submit" variant="contained" loading={add.isPending} data-testid="note-save">
            {t("common.save")}
          </Button>
        </Box>
      </Box>
      <List dense disablePadding sx={{ mt: 1 }}>
        {(notes.data ?? []).map((n) => (
          <ListItem
            key={n.id}
            divider
            disableGutters
            data-testid={`note-${n.id}`}
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={t("ticketNotes.delete")}
                onClick={() => setDeleting(n)}
                data-testid="note-delete"
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={n.note}
              secondary={`${n.user?.name ?? ""} · ${companyDateTime(n.createdAt)}`}
              slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t("ticketNotes.confirmationModal.title")}
        message={t("ticketNotes.confirmationModal.message")}
        confirmLabel={t("ticketNotes.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="note-delete-dialog"
      />
    </Box>
  );
}
