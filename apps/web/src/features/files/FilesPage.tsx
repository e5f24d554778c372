/**
 * File lists page (/files, automation-areas §2): the title counts the lists
 * loaded; search, infinite scroll, each list's name with edit and delete
 * (after confirmation). The list follows company-{companyId}-file live.
 */
import { useState } from "react";
import { Button, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { FileListDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { FileListModal } from "./FileListModal";
import { useDeleteFileList, useFileLists } from "./useFileLists";

type ModalState = { open: false } | { open: true; id?: number };

function FileListRow(props: { item: FileListDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`file-list-row-${item.id}`}>
      <TableCell data-testid="file-list-row-name">{item.name}</TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" onClick={onEdit} label={t("files.buttons.edit")} testId="file-list-edit" />
        <RowAction action="delete" onClick={onDelete} label={t("files.buttons.delete")} testId="file-list-delete" />
      </TableCell>
    </TableRow>
  );
}

export default function FilesPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, query } = useFileLists();
  const remove = useDeleteFileList();
  const [modal, setModal] = useState<ModalState>({ open: false });

  return (
    <ListPage
      testId="files"
      title={t("files.title")}
      count={items.length}
      search={{ value: search, onChange: setSearch, placeholder: t("files.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="file-list-add"
        >
          {t("files.buttons.add")}
        </Button>
      }
      columns={[{ label: t("files.table.name") }, { label: t("files.table.actions"), align: "center" }]}
      items={items}
      renderRow={(item, askDelete) => (
        <FileListRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, id: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("files.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("files.confirmationModal.deleteTitle", { name }),
        message: t("files.confirmationModal.deleteMessage"),
        confirmLabel: t("files.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "file-list-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <FileListModal fileListId={modal.id} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
