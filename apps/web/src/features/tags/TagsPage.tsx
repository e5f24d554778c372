/**
 * Tags page (/tags, business-areas §2.5): search, infinite scroll, each tag as
 * a chip in its colour with the number of tickets carrying it; add, edit, and
 * delete after confirmation. The list follows company-{companyId}-tag live.
 */
import { useState } from "react";
import { Button, Chip, TableCell, TableRow, useTheme } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { TagListItem } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { TagModal } from "./TagModal";
import { useDeleteTag, useTagsList } from "./useTags";

/** The modal is closed, adding, or editing a tag. */
type ModalState = { open: false } | { open: true; tagId?: number };

function TagRow({ tag, onEdit, onDelete }: { tag: TagListItem; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <TableRow hover data-testid={`tag-row-${tag.id}`}>
      <TableCell>
        <Chip
          label={tag.name}
          size="small"
          data-testid="tag-row-chip"
          data-color={tag.color}
          sx={{ bgcolor: tag.color, color: theme.palette.getContrastText(tag.color), fontWeight: 500 }}
        />
      </TableCell>
      <TableCell align="center" data-testid="tag-row-count">
        {tag.ticketsCount}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" onClick={onEdit} label={t("tags.buttons.edit")} testId="tag-edit" />
        <RowAction action="delete" onClick={onDelete} label={t("tags.buttons.delete")} testId="tag-delete" />
      </TableCell>
    </TableRow>
  );
}

export default function TagsPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, query } = useTagsList();
  const remove = useDeleteTag();
  const [modal, setModal] = useState<ModalState>({ open: false });

  return (
    <ListPage
      testId="tags"
      title={t("tags.title")}
      search={{ value: search, onChange: setSearch, placeholder: t("tags.searchPlaceholder") }}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true })} data-testid="tag-add">
          {t("tags.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("tags.table.name") },
        { label: t("tags.table.tickets"), align: "center" },
        { label: t("tags.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(tag, askDelete) => (
        <TagRow key={tag.id} tag={tag} onEdit={() => setModal({ open: true, tagId: tag.id })} onDelete={askDelete} />
      )}
      loaded={query.isSuccess}
      emptyText={t("tags.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("tags.confirmDelete.title", { name }),
        message: t("tags.confirmDelete.message"),
        confirmLabel: t("tags.confirmDelete.ok"),
        cancelLabel: t("tags.confirmDelete.cancel"),
        testId: "tag-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <TagModal tagId={modal.tagId} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
