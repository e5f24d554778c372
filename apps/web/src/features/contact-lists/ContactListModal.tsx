/** Add or rename a contact list (business-areas §2.9): one field, name. */
import type { ContactListDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { FormField } from "../auth/FormField";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { upsertInPages } from "../lists/usePagedList";
import { contactListFormSchema, type ContactListFormValues } from "./contactListForms";
import { contactListsKey } from "./useContactLists";

const toForm = (list: ContactListDto): ContactListFormValues => ({ name: list.name });
const toBody = (values: ContactListFormValues) => values;

export function ContactListModal({ listId, onClose }: { listId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: ["contact-list", listId],
    queryFn: () => api.get<ContactListDto>(`/contact-lists/${listId}`),
    enabled: listId !== undefined,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<ContactListFormValues>({
    resolver: zodResolver(contactListFormSchema),
    defaultValues: { name: "" },
    mode: "onTouched",
  });
  useRecordForm({ record: record.data, toForm, reset, failed: record.isError, error: record.error, onClose });
  const save = useSaveRecord({
    path: "/contact-lists",
    id: listId,
    toBody,
    successText: t("contactLists.toasts.saved"),
    onSaved: (list: ContactListDto) => upsertInPages(queryClient, contactListsKey, "records", list),
    onClose,
  });
  return (
    <FormDialog
      adding={listId === undefined}
      i18nKey="contactLists.dialog"
      maxWidth="xs"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={listId !== undefined && !record.data}
      testIds={{ dialog: "contact-list-modal", cancel: "contact-list-cancel", submit: "contact-list-save" }}
    >
      <FormField
        control={control}
        name="name"
        label={t("contactLists.dialog.form.name")}
        testId="contact-list-name"
        autoFocus
      />
    </FormDialog>
  );
}
