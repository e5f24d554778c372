/**
 * Contacts page (/contacts, business-areas §2.3): search, infinite scroll, the
 * contacts table, Import / Import from phone / Add / Export CSV, and delete
 * (for roles with contacts-page:deleteContact) after 'delete <name>?'. The
 * list follows company-{companyId}-contact live.
 */
import { lazy, Suspense, useState } from "react";
import { Button } from "@mui/material";
import Add from "@mui/icons-material/Add";
import FileDownload from "@mui/icons-material/FileDownload";
import PhoneAndroid from "@mui/icons-material/PhoneAndroid";
import UploadFile from "@mui/icons-material/UploadFile";
import { can, type ContactDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../api/download";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { ListPage } from "../lists/ListPage";
import { ContactImportModal } from "./ContactImportModal";
import { ContactModal } from "./ContactModal";
import { contactColumns, ContactRow } from "./ContactRow";
import { useContactsList, useDeleteContact, useImportPhoneContacts } from "./useContacts";

type Dialogs =
  | { kind: "none" }
  | { kind: "contact"; contactId?: number }
  | { kind: "import" }
  | { kind: "phoneImport" }
  | { kind: "ticket"; contact: ContactDto };

/** The tickets area's new-ticket modal, opened with the row's contact. */
const NewTicketModal = lazy(() => import("../tickets/dialogs/NewTicketModal"));

export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { search, setSearch, searchParam, items, count, query } = useContactsList();
  const remove = useDeleteContact();
  const phoneImport = useImportPhoneContacts();
  const [dialog, setDialog] = useState<Dialogs>({ kind: "none" });
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
    <ListPage
      testId="contacts"
      title={t("contacts.title")}
      count={count}
      search={{ value: search, onChange: setSearch, placeholder: t("contacts.searchPlaceholder") }}
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => setDialog({ kind: "import" })}
            data-testid="contacts-import"
          >
            {t("contacts.buttons.import")}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PhoneAndroid />}
            onClick={() => setDialog({ kind: "phoneImport" })}
            loading={phoneImport.isPending}
            data-testid="contacts-phone-import"
          >
            {t("contacts.buttons.phoneImport")}
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
        </>
      }
      columns={[
        { padding: "checkbox", sx: contactColumns.hideOnSmallPhone },
        { label: t("contacts.table.name") },
        { label: t("contacts.table.whatsapp") },
        { label: t("contacts.table.email"), sx: contactColumns.hideOnPhone },
        { label: t("contacts.table.actions"), align: "center" },
      ]}
      tableSx={{ "& td, & th": { px: { xs: 0.75, sm: 2 } } }}
      items={items}
      renderRow={(contact, askDelete) => (
        <ContactRow
          key={contact.id}
          contact={contact}
          mayDelete={mayDelete}
          onEdit={() => setDialog({ kind: "contact", contactId: contact.id })}
          onNewTicket={() => setDialog({ kind: "ticket", contact })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("contacts.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("contacts.confirmDelete.title", { name }),
        message: t("contacts.confirmDelete.message"),
        confirmLabel: t("contacts.confirmDelete.ok"),
        cancelLabel: t("contacts.confirmDelete.cancel"),
        testId: "contact-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {dialog.kind === "contact" && <ContactModal contactId={dialog.contactId} onClose={close} />}
      {dialog.kind === "import" && <ContactImportModal onClose={close} />}
      <ConfirmDialog
        open={dialog.kind === "phoneImport"}
        title={t("contacts.phoneImport.title")}
        message={t("contacts.phoneImport.message")}
        confirmLabel={t("contacts.phoneImport.ok")}
        cancelLabel={t("contacts.phoneImport.cancel")}
        confirmColor="primary"
        // Settles either way: a refusal is already toasted by the mutation.
        onConfirm={() => phoneImport.mutateAsync()}
        onClose={close}
        testId="contact-phone-import-dialog"
      />
      {dialog.kind === "ticket" && (
        <Suspense fallback={null}>
          <NewTicketModal initialContact={dialog.contact} onClose={close} />
        </Suspense>
      )}
    </ListPage>
  );
}
