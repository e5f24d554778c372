/**
 * Add or edit a contact (business-areas §2.3, core-platform §2.13 "Contact
 * modal"): name, number, email, the connection it came from, and extra info
 * pairs. Reusable: the new-ticket modal opens it with a prefilled name or
 * number and goes on to create the ticket from onSaved.
 */
import { useEffect } from "react";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  type PaperProps,
} from "@mui/material";
import type { ContactDetail } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { FormField } from "../auth/FormField";
import { upsertInPages } from "../lists/usePagedList";
import {
  contactFormSchema,
  emptyContactForm,
  toContactBody,
  toContactForm,
  type ContactFormValues,
  type ContactPrefill,
} from "./contactForm";
import { ExtraInfoFields } from "./ExtraInfoFields";
import { contactsKey } from "./contactsKeys";

export interface ContactModalProps {
  /** The contact to edit; absent to add one. */
  contactId?: number;
  /** Starting values of a new contact (the new-ticket modal's 'Add <text>'). */
  prefill?: ContactPrefill;
  onClose: () => void;
  onSaved?: (contact: ContactDetail) => void;
}

// data-* attributes are not in PaperProps' type; they reach the DOM all the same.
const paperProps = { "data-testid": "contact-modal" } as PaperProps;

export function ContactModal({ contactId, prefill, onClose, onSaved }: ContactModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: ["contact", contactId],
    queryFn: () => api.get<ContactDetail>(`/contacts/${contactId}`),
    enabled: contactId !== undefined,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm(prefill),
    mode: "onTouched",
  });

  useEffect(() => {
    if (record.data) reset(toContactForm(record.data));
  }, [record.data, reset]);
  useEffect(() => {
    if (!record.isError) return;
    toastError(record.error);
    onClose();
  }, [record.isError, record.error, onClose]);

  const save = useMutation({
    mutationFn: (values: ContactFormValues) => {
      const body = toContactBody(values);
      return contactId === undefined
        ? api.post<ContactDetail>("/contacts", body)
        : api.put<ContactDetail>(`/contacts/${contactId}`, body);
    },
    onSuccess: (contact) => {
      const { extraInfo: _extra, whatsapp: _whatsapp, ...row } = contact;
      upsertInPages(queryClient, contactsKey, "contacts", row);
      toast.success(t("contactModal.success"));
      onSaved?.(contact);
      onClose();
    },
    onError: toastError,
  });

  const loading = contactId !== undefined && !record.data;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" slotProps={{ paper: paperProps }}>
      <DialogTitle>{contactId === undefined ? t("contactModal.title.add") : t("contactModal.title.edit")}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void handleSubmit((values) => save.mutate(values))(e)}
        sx={{ display: "contents" }}
      >
        <DialogContent dividers>
          {loading ? (
            <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
              <CircularProgress />
            </Box>
          ) : (
            <>
              <Box sx={{ display: "grid", gap: { sm: 2 }, gridTemplateColumns: { sm: "1fr 1fr" } }}>
                <FormField
                  control={control}
                  name="name"
                  label={t("contactModal.form.name")}
                  testId="contact-name"
                  autoFocus
                />
                <FormField
                  control={control}
                  name="number"
                  label={t("contactModal.form.number")}
                  testId="contact-number"
                  type="tel"
                  htmlInput={{ placeholder: "5511987654321" }}
                />
              </Box>
              <FormField
                control={control}
                name="email"
                label={t("contactModal.form.email")}
                testId="contact-email"
                type="email"
              />
              {contactId !== undefined && (
                <TextField
                  label={t("contactModal.form.whatsapp")}
                  value={record.data?.whatsapp?.name ?? t("contactModal.form.noWhatsapp")}
                  disabled
                  fullWidth
                  margin="dense"
                  slotProps={{ htmlInput: { "data-testid": "contact-whatsapp" } }}
                />
              )}
              <ExtraInfoFields control={control} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="contact-cancel">
            {t("contactModal.buttons.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={loading}
            data-testid="contact-save"
          >
            {contactId === undefined ? t("contactModal.buttons.okAdd") : t("contactModal.buttons.okEdit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
