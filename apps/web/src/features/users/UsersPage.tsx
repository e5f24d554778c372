/**
 * Users page (/users, core-platform §2.16): search, infinite scroll, the
 * users table (id, name, email, profile, edit and delete), the user modal to
 * add or edit, and delete after a confirmation titled with the user's name.
 * The list follows company-{companyId}-user live. Administration only (§6).
 */
import { useState } from "react";
import { Button, Paper, TableCell, TableRow, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { can, type UserDto } from "@balcao/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { ListPage, RowAction } from "../lists/ListPage";
import { UserModal } from "./UserModal";
import { upsertUser, useDeleteUser, useUsersList } from "./useUsers";

/** Columns a phone leaves out, so name, email and the actions fit (§9: mobile below 600 px). */
const wideOnly = { display: { xs: "none", sm: "table-cell" } } as const;

/** The modal is closed, adding, or editing a user. */
type ModalState = { open: false } | { open: true; userId?: number };

interface RowProps {
  user: UserDto;
  isSelf: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function UserRow({ user, isSelf, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`user-row-${user.id}`}>
      <TableCell align="center" sx={wideOnly}>
        {user.id}
      </TableCell>
      <TableCell data-testid="user-row-name">{user.name}</TableCell>
      <TableCell data-testid="user-row-email" sx={{ overflowWrap: "anywhere", minWidth: 120 }}>
        {user.email}
      </TableCell>
      <TableCell align="center" data-testid="user-row-profile" sx={wideOnly}>
        {t(`userModal.form.${user.profile}`)}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap", px: { xs: 0.5, sm: 2 } }}>
        <RowAction action="edit" onClick={onEdit} label={t("users.buttons.edit")} testId="user-edit" />
        {/* One cannot delete oneself; the server refuses it too. */}
        <RowAction
          action="delete"
          onClick={onDelete}
          disabled={isSelf}
          label={t("users.buttons.delete")}
          testId="user-delete"
        />
      </TableCell>
    </TableRow>
  );
}

function UsersList() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const { search, setSearch, items, query } = useUsersList();
  const remove = useDeleteUser();
  const [modal, setModal] = useState<ModalState>({ open: false });

  return (
    <ListPage
      testId="users"
      title={t("users.title")}
      search={{ value: search, onChange: setSearch, placeholder: t("users.searchPlaceholder") }}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true })} data-testid="user-add">
          {t("users.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("users.table.id"), align: "center", sx: wideOnly },
        { label: t("users.table.name") },
        { label: t("users.table.email") },
        { label: t("users.table.profile"), align: "center", sx: wideOnly },
        { label: t("users.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(user, askDelete) => (
        <UserRow
          key={user.id}
          user={user}
          isSelf={user.id === me?.id}
          onEdit={() => setModal({ open: true, userId: user.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("users.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("users.confirmationModal.deleteTitle", { name }),
        message: t("users.confirmationModal.deleteMessage"),
        confirmLabel: t("users.confirmationModal.ok"),
        cancelLabel: t("users.confirmationModal.cancel"),
        testId: "user-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && (
        <UserModal
          open
          userId={modal.userId}
          onClose={() => setModal({ open: false })}
          onSaved={(saved) => upsertUser(queryClient, saved)}
        />
      )}
    </ListPage>
  );
}

export default function UsersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The menu shows Users to the administration only; a typed-in address gets a notice, not a failing list.
  if (!user?.super && !can(user?.profile, "drawer-admin-items:view")) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary" data-testid="users-no-permission">
          {t("backendErrors.ERR_NO_PERMISSION")}
        </Typography>
      </Paper>
    );
  }
  return <UsersList />;
}
