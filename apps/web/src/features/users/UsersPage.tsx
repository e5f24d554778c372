/**
 * Users page (/users, core-platform §2.16): search, infinite scroll, the
 * users table (id, name, email, profile, edit and delete), the user modal to
 * add or edit, and delete after a confirmation titled with the user's name.
 * The list follows company-{companyId}-user live. Administration only (§6).
 */
import { useState } from "react";
import {
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { can, type UserDto } from "@balcao/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { ListHeader } from "../lists/ListHeader";
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
        <IconButton size="small" onClick={onEdit} aria-label={t("users.buttons.edit")} data-testid="user-edit">
          <Edit fontSize="small" />
        </IconButton>
        {/* One cannot delete oneself; the server refuses it too. */}
        <IconButton
          size="small"
          onClick={onDelete}
          disabled={isSelf}
          aria-label={t("users.buttons.delete")}
          data-testid="user-delete"
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
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
  const [deleting, setDeleting] = useState<UserDto | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader
        title={t("users.title")}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t("users.searchPlaceholder")}
        testId="users"
      >
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true })} data-testid="user-add">
          {t("users.buttons.add")}
        </Button>
      </ListHeader>
      <TableContainer>
        <Table size="small" data-testid="users-table">
          <TableHead>
            <TableRow>
              <TableCell align="center" sx={wideOnly}>
                {t("users.table.id")}
              </TableCell>
              <TableCell>{t("users.table.name")}</TableCell>
              <TableCell>{t("users.table.email")}</TableCell>
              <TableCell align="center" sx={wideOnly}>
                {t("users.table.profile")}
              </TableCell>
              <TableCell align="center">{t("users.table.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === me?.id}
                onEdit={() => setModal({ open: true, userId: user.id })}
                onDelete={() => setDeleting(user)}
              />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("users.empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <InfiniteSentinel
        hasMore={query.hasNextPage}
        loading={query.isFetching}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {modal.open && (
        <UserModal
          open
          userId={modal.userId}
          onClose={() => setModal({ open: false })}
          onSaved={(saved) => upsertUser(queryClient, saved)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("users.confirmationModal.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("users.confirmationModal.deleteMessage")}
        confirmLabel={t("users.confirmationModal.ok")}
        cancelLabel={t("users.confirmationModal.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="user-delete-dialog"
      />
    </Paper>
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
