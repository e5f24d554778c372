/**
 * Add or edit a user (core-platform §2.2 Profile, §2.16 Users, §5 "User modal").
 * Saving the signed-in user applies the answer to the session at once; a new
 * email or password of their own takes their current password, and the server
 * then renews this browser's session (its new token comes with the answer).
 */
import { can, type AuthUser, type UserSaveResponse } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { writeStored } from "../../api/storage";
import { useAuth } from "../../app/auth";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { emptyUserForm, toFormValues, toSaveBody, userFormSchema, type UserFormValues } from "./userForm";
import { UserModalFields } from "./UserModalFields";
import { useConnectionOptions, useQueueOptions, useUserRecord } from "./useUserOptions";

interface Props {
  open: boolean;
  /** The user to edit; absent to add one. */
  userId?: number;
  onClose: () => void;
  onSaved?: (user: AuthUser) => void;
}

export function UserModal({ open, userId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { user: me, setUser } = useAuth();
  const queryClient = useQueryClient();
  const may = {
    editProfile: can(me?.profile, "user-modal:editProfile"),
    editQueues: can(me?.profile, "user-modal:editQueues"),
  };
  const record = useUserRecord(userId, open);
  const queues = useQueueOptions(open && may.editQueues);
  const connections = useConnectionOptions(open && may.editProfile);
  // One's own profile is also known from the session, should the read fail.
  const self = me && userId === me.id ? me : undefined;
  const source = record.data ?? (record.isError ? self : undefined);
  const loading = userId !== undefined && !source && !record.isError;

  const { control, handleSubmit, reset } = useForm<UserFormValues>({
    // Adding a user needs a password; editing keeps the current one when left empty.
    resolver: zodResolver(userFormSchema(userId === undefined, self)),
    defaultValues: emptyUserForm,
    mode: "onTouched",
  });

  useRecordForm({
    record: source,
    toForm: toFormValues,
    reset,
    failed: record.isError && !self,
    error: record.error,
    onClose,
  });

  const save = useSaveRecord({
    path: "/users",
    id: userId,
    toBody: (values: UserFormValues) => toSaveBody(values, may),
    successText: t("userModal.success"),
    onSaved: ({ token, ...saved }: UserSaveResponse) => {
      if (token) writeStored("token", token);
      if (me && saved.id === me.id) setUser({ ...me, ...saved, company: saved.company ?? me.company });
      void queryClient.invalidateQueries({ queryKey: ["user", saved.id] });
      onSaved?.(saved);
    },
    onClose,
  });

  return (
    <FormDialog
      open={open}
      adding={userId === undefined}
      i18nKey="userModal"
      cancelKey="common.cancel"
      maxWidth="sm"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={loading}
      testIds={{ dialog: "user-modal", cancel: "user-modal-cancel", submit: "user-modal-save" }}
    >
      <UserModalFields
        control={control}
        self={self !== undefined}
        editProfile={may.editProfile}
        editQueues={may.editQueues}
        queues={queues.data ?? []}
        connections={connections.data ?? []}
      />
    </FormDialog>
  );
}
