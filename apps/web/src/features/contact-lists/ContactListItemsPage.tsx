/**
 * A list's contacts (/contact-lists/:contactListId/contacts, business-areas
 * §2.10): titled with the list's name; search; Lists, Import and Add; the
 * validity icon of each number as WhatsApp's answer arrives, name, number,
 * email, edit, and delete for roles with contacts-page:deleteContact; above
 * them, what the list's last import came to.
 */
import { useRef, useState } from "react";
import { Button, TableCell, TableRow, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import ArrowBack from "@mui/icons-material/ArrowBack";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import Upload from "@mui/icons-material/UploadFile";
import { can, type ContactListItemDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useAuth } from "../../app/auth";
import { ListPage, RowAction } from "../lists/ListPage";
import { ContactListItemModal } from "./ContactListItemModal";
import { ImportSheetDialog } from "./ImportSheetDialog";
import { LastImportAlert } from "./LastImport";
import { useContactListItems, useDeleteContactListItem } from "./useContactListItems";
import { useContactList } from "./useContactLists";

type Dialogs = { kind: "none" } | { kind: "item"; itemId?: number } | { kind: "import"; file: File };

/** Green when WhatsApp knows the number, grey when it does not, an hourglass until it is checked. */
function ValidityIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  if (valid === null)
    return (
      <Tooltip title={t("contactListItems.unchecked")}>
        <HourglassEmpty fontSize="small" color="disabled" data-testid="item-validity" data-valid="unchecked" />
      </Tooltip>
    );
  return (
    <Tooltip title={t(valid ? "contactListItems.valid" : "contactListItems.invalid")}>
      <CheckCircle
        fontSize="small"
        htmlColor={valid ? "#2e7d32" : "#9e9e9e"}
        aria-label={t(valid ? "contactListItems.valid" : "contactListItems.invalid")}
        data-testid="item-validity"
        data-valid={String(valid)}
      />
    </Tooltip>
  );
}

interface RowProps {
  item: ContactListItemDto;
  mayDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function ItemRow({ item, mayDelete, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`contact-list-item-row-${item.id}`}>
      <TableCell align="center">
        <ValidityIcon valid={item.isWhatsappValid} />
      </TableCell>
      <TableCell data-testid="item-name">{item.name}</TableCell>
      <TableCell data-testid="item-number">{item.number}</TableCell>
      <TableCell>{item.email}</TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" onClick={onEdit} label={t("contactListItems.buttons.edit")} testId="item-edit" />
        {mayDelete && (
          <RowAction
            action="delete"
            onClick={onDelete}
            label={t("contactListItems.buttons.delete")}
            testId="item-delete"
          />
        )}
      </TableCell>
    </TableRow>
  );
}

export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const listId = Number(useParams().contactListId);
  const list = useContactList(listId);
  const { search, setSearch, items, count, query, progress, setProgress } = useContactListItems(listId);
  const remove = useDeleteContactListItem(listId);
  const [dialog, setDialog] = useState<Dialogs>({ kind: "none" });
  const fileInput = useRef<HTMLInputElement>(null);
  const mayDelete = can(user?.profile, "contacts-page:deleteContact");
  const close = () => setDialog({ kind: "none" });

  const chosen = (file: File | undefined) => {
    if (!file) return;
    setProgress(null);
    setDialog({ kind: "import", file });
    // The same file may be chosen again after this import.
    if (fileInput.current) fileInput.current.value = "";
  };

  return (
    <ListPage
      testId="contact-list-items"
      title={list.data?.name ?? t("contactListItems.title")}
      count={count}
      search={{ value: search, onChange: setSearch, placeholder: t("contactListItems.searchPlaceholder") }}
      notice={<LastImportAlert outcome={list.data?.lastImport ?? null} />}
      actions={
        <>
          <Button startIcon={<ArrowBack />} onClick={() => void navigate("/contact-lists")} data-testid="items-lists">
            {t("contactListItems.buttons.lists")}
          </Button>
          <Button startIcon={<Upload />} onClick={() => fileInput.current?.click()} data-testid="items-import">
            {t("contactListItems.buttons.import")}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xls,.xlsx"
            data-testid="items-import-file"
            onChange={(e) => chosen(e.target.files?.[0])}
          />
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ kind: "item" })}
            data-testid="items-add"
          >
            {t("contactListItems.buttons.add")}
          </Button>
        </>
      }
      columns={[
        { label: t("contactListItems.table.valid"), align: "center" },
        { label: t("contactListItems.table.name") },
        { label: t("contactListItems.table.number") },
        { label: t("contactListItems.table.email") },
        { label: t("contactListItems.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(item, askDelete) => (
        <ItemRow
          key={item.id}
          item={item}
          mayDelete={mayDelete}
          onEdit={() => setDialog({ kind: "item", itemId: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("contactListItems.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("contactListItems.confirmDelete.title", { name }),
        message: t("contactListItems.confirmDelete.message"),
        confirmLabel: t("contactListItems.confirmDelete.ok"),
        cancelLabel: t("contactListItems.confirmDelete.cancel"),
        testId: "item-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {dialog.kind === "item" && <ContactListItemModal listId={listId} itemId={dialog.itemId} onClose={close} />}
      {dialog.kind === "import" && (
        <ImportSheetDialog listId={listId} file={dialog.file} progress={progress} onClose={close} />
      )}
    </ListPage>
  );
}
