/**
 * Announcements page (/announcements, business-areas §2.14): for super users
 * only; anyone else gets the toast announcements.toasts.info and goes to /
 * after 1 s. The title shows the count; search, infinite scroll, live updates;
 * each row shows title, priority, image name, status, edit and delete.
 */
import { useEffect, useState } from "react";
import {
  Button,
  Chip,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { announcementPriorityColors, timings, type AnnouncementDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { ListHeader } from "../lists/ListHeader";
import { AnnouncementModal } from "./AnnouncementModal";
import { useAnnouncementsList, useDeleteAnnouncement } from "./useAnnouncements";

type ModalState = { open: false } | { open: true; announcementId?: number };

function AnnouncementRow(props: { item: AnnouncementDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`announcement-row-${item.id}`}>
      <TableCell sx={{ maxWidth: 280, overflowWrap: "anywhere" }}>{item.title}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          variant="outlined"
          label={t(`announcements.priority.${item.priority}`)}
          sx={{
            borderColor: announcementPriorityColors[item.priority],
            color: announcementPriorityColors[item.priority],
          }}
        />
      </TableCell>
      <TableCell align="center" sx={{ maxWidth: 200, overflowWrap: "anywhere" }} data-testid="announcement-row-media">
        {item.mediaName ?? t("announcements.table.noAttachment")}
      </TableCell>
      <TableCell align="center" data-testid="announcement-row-status">
        {item.status ? t("announcements.status.active") : t("announcements.status.inactive")}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <IconButton
          size="small"
          onClick={onEdit}
          aria-label={t("announcements.buttons.edit")}
          data-testid="announcement-edit"
        >
          <Edit fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          onClick={onDelete}
          aria-label={t("announcements.buttons.delete")}
          data-testid="announcement-delete"
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

function AnnouncementsManager() {
  const { t } = useTranslation();
  const { search, setSearch, items, count, query } = useAnnouncementsList();
  const remove = useDeleteAnnouncement();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<AnnouncementDto | null>(null);
  const columns = ["title", "priority", "mediaName", "status", "actions"] as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader
        title={t("announcements.title")}
        count={count}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t("announcements.searchPlaceholder")}
        testId="announcements"
      >
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="announcement-add"
        >
          {t("announcements.buttons.add")}
        </Button>
      </ListHeader>
      <TableContainer>
        {/* Narrow screens scroll the table sideways instead of breaking words letter by letter. */}
        <Table size="small" data-testid="announcements-table" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} align={c === "title" ? "left" : "center"}>
                  {t(`announcements.table.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <AnnouncementRow
                key={item.id}
                item={item}
                onEdit={() => setModal({ open: true, announcementId: item.id })}
                onDelete={() => setDeleting(item)}
              />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("common.noRecords")}
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
        <AnnouncementModal announcementId={modal.announcementId} onClose={() => setModal({ open: false })} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("announcements.confirmDelete.title", { title: deleting?.title ?? "" })}
        message={t("announcements.confirmDelete.message")}
        confirmLabel={t("announcements.confirmDelete.ok")}
        cancelLabel={t("announcements.confirmDelete.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="announcement-delete-dialog"
      />
    </Paper>
  );
}

export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isSuper = user?.super === true;

  useEffect(() => {
    if (!user || isSuper) return;
    toast.error(t("announcements.toasts.info"), { toastId: "announcements-denied" });
    const timer = setTimeout(() => void navigate("/", { replace: true }), timings.planDenialRedirectMs);
    return () => clearTimeout(timer);
  }, [user, isSuper, navigate, t]);

  return isSuper ? <AnnouncementsManager /> : null;
}
