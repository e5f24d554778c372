/**
 * Announcements page (/announcements, business-areas §2.14): for super users
 * only; anyone else gets the toast announcements.toasts.info and goes to /
 * after 1 s. The title shows the count; search, infinite scroll, live updates;
 * each row shows title, priority, image name, status, edit and delete.
 */
import { useEffect, useMemo, useState } from "react";
import { Button, Chip, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { announcementPriorityColors, timings, type AnnouncementDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { useAuth } from "../../app/auth";
import { ListPage, RowAction, type HeadCell } from "../lists/ListPage";
import { AnnouncementModal } from "./AnnouncementModal";
import { useAnnouncementsList, useDeleteAnnouncement } from "./useAnnouncements";

type ModalState = { open: false } | { open: true; announcementId?: number };

function AnnouncementRow(props: { item: AnnouncementDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const color = announcementPriorityColors[item.priority];
  return (
    <TableRow hover data-testid={`announcement-row-${item.id}`}>
      <TableCell sx={{ maxWidth: 280, overflowWrap: "anywhere" }}>{item.title}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          variant="outlined"
          label={t(`announcements.priority.${item.priority}`)}
          sx={{ borderColor: color, color }}
        />
      </TableCell>
      <TableCell align="center" sx={{ maxWidth: 200, overflowWrap: "anywhere" }} data-testid="announcement-row-media">
        {item.mediaName ?? t("announcements.table.noAttachment")}
      </TableCell>
      <TableCell align="center" data-testid="announcement-row-status">
        {item.status ? t("announcements.status.active") : t("announcements.status.inactive")}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" label={t("announcements.buttons.edit")} testId="announcement-edit" onClick={onEdit} />
        <RowAction
          action="delete"
          label={t("announcements.buttons.delete")}
          testId="announcement-delete"
          onClick={onDelete}
        />
      </TableCell>
    </TableRow>
  );
}

function AnnouncementsManager() {
  const { t } = useTranslation();
  const { search, setSearch, items, count, query } = useAnnouncementsList();
  const remove = useDeleteAnnouncement();
  const [modal, setModal] = useState<ModalState>({ open: false });
  // The list frame names a row by `name` (the delete confirmation's title); an announcement's is its title.
  const named = useMemo(() => items.map((a) => ({ ...a, name: a.title })), [items]);
  const columns: HeadCell[] = (["title", "priority", "mediaName", "status", "actions"] as const).map((c) => ({
    label: t(`announcements.table.${c}`),
    align: c === "title" ? "left" : "center",
  }));

  return (
    <ListPage
      testId="announcements"
      title={t("announcements.title")}
      count={count}
      search={{ value: search, onChange: setSearch, placeholder: t("announcements.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="announcement-add"
        >
          {t("announcements.buttons.add")}
        </Button>
      }
      columns={columns}
      // Narrow screens scroll the table sideways instead of breaking words letter by letter.
      tableSx={{ minWidth: 640 }}
      items={named}
      renderRow={(item, askDelete) => (
        <AnnouncementRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, announcementId: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("common.noRecords")}
      paging={query}
      confirmDelete={{
        title: (title) => t("announcements.confirmDelete.title", { title }),
        message: t("announcements.confirmDelete.message"),
        confirmLabel: t("announcements.confirmDelete.ok"),
        cancelLabel: t("announcements.confirmDelete.cancel"),
        testId: "announcement-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && (
        <AnnouncementModal announcementId={modal.announcementId} onClose={() => setModal({ open: false })} />
      )}
    </ListPage>
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
