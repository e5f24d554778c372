/**
 * Add or edit a contact (business-areas §2.3, core-platform §2.13 "Contact
 * modal"): name, number, email, the connection it came from, and extra info
 * pairs. Reusable: the new-ticket modal opens it with a prefilled name or
 * number and goes on to create the ticket from onSaved.
 */
import { Box, TextField } from "@mui/material";
import type { ContactDetail } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { FormField } from "../auth/FormField";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
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

  useRecordForm({
    record: record.data,
    toForm: toContactForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useSaveRecord({
    path: "/contacts",
    id: contactId,
    toBody: toContactBody,
    successText: t("contactModal.success"),
    onSaved: (contact: ContactDetail) => {
      const { extraInfo: _extra, whatsapp: _whatsapp, ...row } = contact;
      upsertInPages(queryClient, contactsKey, "contacts", row);
      onSaved?.(contact);
    },
    onClose,
  });

  const loading = contactId !== undefined && !record.data;
  return (
    <FormDialog
      adding={contactId === undefined}
      i18nKey="contactModal"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={loading}
      testIds={{ dialog: "contact-modal", cancel: "contact-cancel", submit: "contact-save" }}
    >
      <Box sx={{ display: "grid", gap: { sm: 2 }, gridTemplateColumns: { sm: "1fr 1fr" } }}>
        <FormField control={control} name="name" label={t("contactModal.form.name")} testId="contact-name" autoFocus />
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
    </FormDialog>
  );
}
