/**
 * Add or edit a list item (business-areas §2.10): name, number (its
 * placeholder an example number) and email.
 */
import type { ContactListItemDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { FormField } from "../auth/FormField";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import {
  contactListItemFormSchema,
  emptyItemForm,
  toItemForm,
  type ContactListItemFormValues,
} from "./contactListForms";
import { upsertItem } from "./useContactListItems";

interface Props {
  listId: number;
  itemId?: number;
  onClose: () => void;
}

export function ContactListItemModal({ listId, itemId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: ["contact-list-item", itemId],
    queryFn: () => api.get<ContactListItemDto>(`/contact-list-items/${itemId}`),
    enabled: itemId !== undefined,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<ContactListItemFormValues>({
    resolver: zodResolver(contactListItemFormSchema),
    defaultValues: emptyItemForm,
    mode: "onTouched",
  });
  useRecordForm({
    record: record.data,
    toForm: toItemForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });
  const save = useSaveRecord({
    path: "/contact-list-items",
    id: itemId,
    toBody: (values: ContactListItemFormValues) => ({ ...values, contactListId: listId }),
    successText: t("contactListItems.toasts.saved"),
    onSaved: (item: ContactListItemDto) => upsertItem(queryClient, item),
    onClose,
  });
  return (
    <FormDialog
      adding={itemId === undefined}
      i18nKey="contactListItems.modal"
      maxWidth="xs"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={itemId !== undefined && !record.data}
      testIds={{
        dialog: "contact-list-item-modal",
        cancel: "contact-list-item-cancel",
        submit: "contact-list-item-save",
      }}
    >
      <FormField
        control={control}
        name="name"
        label={t("contactListItems.modal.form.name")}
        testId="contact-list-item-name"
        autoFocus
      />
      <FormField
        control={control}
        name="number"
        label={t("contactListItems.modal.form.number")}
        testId="contact-list-item-number"
        htmlInput={{ placeholder: "5511987654321" }}
      />
      <FormField
        control={control}
        name="email"
        label={t("contactListItems.modal.form.email")}
        testId="contact-list-item-email"
      />
    </FormDialog>
  );
}
