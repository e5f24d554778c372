/**
 * Tags page (/tags, business-areas §2.5): search, infinite scroll, each tag as
 * a chip in its colour with the number of tickets carrying it; add, edit, and
 * delete after confirmation. The list follows company-{companyId}-tag live.
 */
import { useState } from "react";
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
  useTheme,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import type { TagListItem } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { ListHeader } from "../lists/ListHeader";
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
        <IconButton size="small" onClick={onEdit} aria-label={t("tags.buttons.edit")} data-testid="tag-edit">
          <Edit fontSize="small" />
        </IconButton>
        <IconButton size="small" onClick={onDelete} aria-label={t("tags.buttons.delete")} data-testid="tag-delete">
          <DeleteOutline fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

export default function TagsPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, query } = useTagsList();
  const remove = useDeleteTag();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<TagListItem | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader
        title={t("tags.title")}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t("tags.searchPlaceholder")}
        testId="tags"
      >
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true })} data-testid="tag-add">
          {t("tags.buttons.add")}
        </Button>
      </ListHeader>
      <TableContainer>
        <Table size="small" data-testid="tags-table">
          <TableHead>
            <TableRow>
              <TableCell>{t("tags.table.name")}</TableCell>
              <TableCell align="center">{t("tags.table.tickets")}</TableCell>
              <TableCell align="center">{t("tags.table.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                onEdit={() => setModal({ open: true, tagId: tag.id })}
                onDelete={() => setDeleting(tag)}
              />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("tags.empty")}
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
      {modal.open && <TagModal tagId={modal.tagId} onClose={() => setModal({ open: false })} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t("tags.confirmDelete.title", { name: deleting?.name ?? "" })}
        message={t("tags.confirmDelete.message")}
        confirmLabel={t("tags.confirmDelete.ok")}
        cancelLabel={t("tags.confirmDelete.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="tag-delete-dialog"
      />
    </Paper>
  );
}
