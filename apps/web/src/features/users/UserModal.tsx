/**
 * Add or edit a user (core-platform §2.2 Profile, §2.16 Users, §5 "User modal").
 * Saving the signed-in user applies the answer to the session at once.
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
  type PaperProps,
} from "@mui/material";
import { can, type AuthUser } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
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

// data-* attributes are not in PaperProps' type; they reach the DOM all the same.
const paperProps = { "data-testid": "user-modal" } as PaperProps;

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
    resolver: zodResolver(userFormSchema(userId === undefined)),
    defaultValues: emptyUserForm,
    mode: "onTouched",
  });

  useEffect(() => {
    if (source) reset(toFormValues(source));
  }, [source, reset]);

  useEffect(() => {
    if (record.isError && !self) {
      toastError(record.error);
      onClose();
    }
  }, [record.isError, record.error, self, onClose]);

  const save = useMutation({
    mutationFn: (values: UserFormValues) => {
      const body = toSaveBody(values, may);
      return userId === undefined ? api.post<AuthUser>("/users", body) : api.put<AuthUser>(`/users/${userId}`, body);
    },
    onSuccess: (saved) => {
      toast.success(t("userModal.success"));
      if (me && saved.id === me.id) setUser({ ...me, ...saved, company: saved.company ?? me.company });
      void queryClient.invalidateQueries({ queryKey: ["user", saved.id] });
      onSaved?.(saved);
      onClose();
    },
    onError: toastError,
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" slotProps={{ paper: paperProps }}>
      <DialogTitle>{userId === undefined ? t("userModal.title.add") : t("userModal.title.edit")}</DialogTitle>
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
            <UserModalFields
              control={control}
              editProfile={may.editProfile}
              editQueues={may.editQueues}
              queues={queues.data ?? []}
              connections={connections.data ?? []}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" data-testid="user-modal-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={loading}
            data-testid="user-modal-save"
          >
            {userId === undefined ? t("userModal.buttons.okAdd") : t("userModal.buttons.okEdit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
