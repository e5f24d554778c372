/**
 * Contact lists (/contact-lists, business-areas §2.9): search, infinite
 * scroll, name and contactsCount; per row the sample spreadsheet, the list's
 * contacts, edit, and delete after confirmation; under a list's name, what
 * its last import came to. Live from company-{companyId}-ContactList.
 */
import { useState } from "react";
import { Button, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import Download from "@mui/icons-material/Download";
import People from "@mui/icons-material/PeopleOutlined";
import type { ContactListDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ListPage, RowAction } from "../lists/ListPage";
import { ContactListModal } from "./ContactListModal";
import { LastImportCaption } from "./LastImport";
import { sampleSheetUrl, useContactListsList, useDeleteContactList } from "./useContactLists";

type ModalState = { open: false } | { open: true; listId?: number };

interface RowProps {
  list: ContactListDto;
  onEdit: () => void;
  onDelete: () => void;
}

function ContactListRow({ list, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TableRow hover data-testid={`contact-list-row-${list.id}`}>
      <TableCell>
        <span data-testid="contact-list-row-name">{list.name}</span>
        <LastImportCaption outcome={list.lastImport} />
      </TableCell>
      <TableCell align="center" data-testid="contact-list-row-count">
        {list.contactsCount ?? 0}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <Tooltip title={t("contactLists.buttons.sample")}>
          <IconButton size="small" href={sampleSheetUrl} download="planilha.xlsx" data-testid="contact-list-sample">
            <Download fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          size="small"
          aria-label={t("contactLists.buttons.contacts")}
          onClick={() => void navigate(`/contact-lists/${list.id}/contacts`)}
          data-testid="contact-list-open"
        >
          <People fontSize="small" />
        </IconButton>
        <RowAction action="edit" onClick={onEdit} label={t("contactLists.buttons.edit")} testId="contact-list-edit" />
        <RowAction
          action="delete"
          onClick={onDelete}
          label={t("contactLists.buttons.delete")}
          testId="contact-list-delete"
        />
      </TableCell>
    </TableRow>
  );
}

export default function ContactListsPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, count, query } = useContactListsList();
  const remove = useDeleteContactList();
  const [modal, setModal] = useState<ModalState>({ open: false });
  return (
    <ListPage
      testId="contact-lists"
      title={t("contactLists.title")}
      count={count}
      search={{ value: search, onChange: setSearch, placeholder: t("contactLists.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="contact-list-add"
        >
          {t("contactLists.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("contactLists.table.name") },
        { label: t("contactLists.table.contacts"), align: "center" },
        { label: t("contactLists.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(list, askDelete) => (
        <ContactListRow
          key={list.id}
          list={list}
          onEdit={() => setModal({ open: true, listId: list.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("contactLists.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("contactLists.confirmDelete.title", { name }),
        message: t("contactLists.confirmDelete.message"),
        confirmLabel: t("contactLists.confirmDelete.ok"),
        cancelLabel: t("contactLists.confirmDelete.cancel"),
        testId: "contact-list-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <ContactListModal listId={modal.listId} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
