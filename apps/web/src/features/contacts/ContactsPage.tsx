/**
 * Contacts page (/contacts, business-areas §2.3): search, infinite scroll, the
 * contacts table, Import / Add / Export CSV, and delete (for roles with
 * contacts-page:deleteContact) after 'delete <name>?'. The list follows
 * company-{companyId}-contact live.
 */
import { useState } from "react";
import { Button, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import FileDownload from "@mui/icons-material/FileDownload";
import UploadFile from "@mui/icons-material/UploadFile";
import { can, type ContactDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../api/download";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { ListHeader } from "../lists/ListHeader";
import { ContactImportModal } from "./ContactImportModal";
import { ContactModal } from "./ContactModal";
import { contactColumns, ContactRow } from "./ContactRow";
import { useContactsList, useDeleteContact } from "./useContacts";

type Dialogs = { kind: "none" } | { kind: "contact"; contactId?: number } | { kind: "import" };

export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { search, setSearch, searchParam, items, count, query } = useContactsList();
  const remove = useDeleteContact();
  const [dialog, setDialog] = useState<Dialogs>({ kind: "none" });
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const mayDelete = can(user?.profile, "contacts-page:deleteContact");
  const close = () => setDialog({ kind: "none" });

  // Every contact matching the search, not only the rows loaded so far.
  const exportCsv = () => {
    setExporting(true);
    downloadFile("/contacts/export", "contatos.csv", { searchParam })
      .catch(toastError)
      .finally(() => setExporting(false));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader
        title={t("contacts.title")}
        count={count}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t("contacts.searchPlaceholder")}
        testId="contacts"
      >
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => setDialog({ kind: "import" })}
          data-testid="contacts-import"
        >
          {t("contacts.buttons.import")}
        </Button>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ kind: "contact" })}
          data-testid="contacts-add"
        >
          {t("contacts.buttons.add")}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={exportCsv}
          loading={exporting}
          data-testid="contacts-export"
        >
          {t("contacts.buttons.export")}
        </Button>
      </ListHeader>
      <TableContainer>
        <Table size="small" data-testid="contacts-table" sx={{ "& td, & th": { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={contactColumns.hideOnSmallPhone} />
              <TableCell>{t("contacts.table.name")}</TableCell>
              <TableCell>{t("contacts.table.whatsapp")}</TableCell>
              <TableCell sx={contactColumns.hideOnPhone}>{t("contacts.table.email")}</TableCell>
              <TableCell align="center">{t("contacts.table.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                mayDelete={mayDelete}
                onEdit={() => setDialog({ kind: "contact", contactId: contact.id })}
                onDelete={() => setDeleting(contact)}
              />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("contacts.empty")}
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
      {dialog.kind === "contact" && <ContactModal contactId={dialog.contactId} onClose={close} />}
      {dialog.kind === "import" && <ContactImportModal onClose={close} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t("contacts.confirmDelete.title", { name: deleting?.name ?? "" })}
        message={t("contacts.confirmDelete.message")}
        confirmLabel={t("contacts.confirmDelete.ok")}
        cancelLabel={t("contacts.confirmDelete.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="contact-delete-dialog"
      />
    </Paper>
  );
}
