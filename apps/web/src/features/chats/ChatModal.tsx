/**
 * New and edit chat (business-areas §2.15 "Chat modal"): a title and a picker
 * of the company's users (the signed-in user, the owner, is always a member
 * and so not offered). A missing title or user is refused with the spec's
 * alert (§8: chat.toasts.fillTitle, chat.toasts.fillUser).
 */
import { Autocomplete, TextField } from "@mui/material";
import type { ChatDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, type UseFormHandleSubmit } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useAuth } from "../../app/auth";
import { FormField } from "../auth/FormField";
import { FormDialog, useSaveRecord } from "../common/FormDialog";
import { useUserList } from "../tickets/useLookupLists";
import { chatFormSchema, emptyChatForm, firstAlert, toChatBody, toChatForm, type ChatFormValues } from "./chatForm";
import { putChat } from "./useChats";

interface Props {
  /** The chat to edit; absent to start one. */
  chat?: ChatDto;
  onClose: () => void;
  onSaved: (chat: ChatDto) => void;
}

export function ChatModal({ chat, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const users = useUserList();
  const options = (users.data ?? []).filter((u) => u.id !== user?.id).map(({ id, name }) => ({ id, name }));
  const { control, handleSubmit } = useForm<ChatFormValues>({
    resolver: zodResolver(chatFormSchema),
    defaultValues: chat ? toChatForm(chat) : emptyChatForm,
  });
  const submitWithAlert: UseFormHandleSubmit<ChatFormValues> = (onValid) =>
    handleSubmit(onValid, (errors) => {
      const alert = firstAlert(errors);
      if (alert) toast.warning(t(alert), { toastId: alert });
    });

  const save = useSaveRecord({
    path: "/chats",
    id: chat?.id,
    toBody: toChatBody,
    successText: t("chat.toasts.saved"),
    onSaved: (saved: ChatDto) => {
      putChat(queryClient, saved);
      onSaved(saved);
    },
    onClose,
  });

  return (
    <FormDialog
      adding={chat === undefined}
      i18nKey="chat.modal"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={submitWithAlert}
      save={save}
      loading={false}
      testIds={{ dialog: "chat-modal", cancel: "chat-modal-close", submit: "chat-modal-save" }}
    >
      <FormField control={control} name="title" label={t("chat.modal.titleField")} testId="chat-title" autoFocus />
      <Controller
        control={control}
        name="users"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            options={options}
            loading={users.isPending}
            value={field.value}
            onChange={(_, value) => field.onChange(value)}
            onBlur={field.onBlur}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(o, v) => o.id === v.id}
            filterSelectedOptions
            noOptionsText={t("common.noRecords")}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t("chat.modal.users")}
                margin="dense"
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, "data-testid": "chat-users" },
                }}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
