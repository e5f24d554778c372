/**
 * The drawer's inline contact form (core-platform §2.12, §5 "Contact modal
 * and inline contact form"): the contacts area's schema, fields and extra
 * info editor; PUT /contacts/{id}.
 */
import { Box, Button } from "@mui/material";
import type { ContactDetail } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { FormField } from "../../auth/FormField";
import { contactFormSchema, toContactBody, toContactForm, type ContactFormValues } from "../../contacts/contactForm";
import { ExtraInfoFields } from "../../contacts/ExtraInfoFields";

interface Props {
  contact: ContactDetail;
  onDone: (saved?: ContactDetail) => void;
}

export function ContactEditForm({ contact, onDone }: Props) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: toContactForm(contact),
    mode: "onTouched",
  });
  const save = useMutation({
    mutationFn: (values: ContactFormValues) => api.put<ContactDetail>(`/contacts/${contact.id}`, toContactBody(values)),
    onSuccess: (saved) => {
      toast.success(t("contactModal.success"));
      onDone(saved);
    },
    onError: toastError,
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
      data-testid="contact-edit-form"
    >
      <FormField control={control} name="name" label={t("contactModal.form.name")} testId="drawer-contact-name" />
      <FormField
        control={control}
        name="number"
        label={t("contactModal.form.number")}
        testId="drawer-contact-number"
        type="tel"
        htmlInput={{ placeholder: "5511987654321" }}
      />
      <FormField
        control={control}
        name="email"
        label={t("contactModal.form.email")}
        testId="drawer-contact-email"
        type="email"
      />
      <ExtraInfoFields control={control} />
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 2 }}>
        <Button color="inherit" onClick={() => onDone()} data-testid="drawer-contact-cancel">
          {t("contactModal.buttons.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="drawer-contact-save">
          {t("contactModal.buttons.okEdit")}
        </Button>
      </Box>
    </Box>
  );
}
