/**
 * Quick messages page (/quick-messages, business-areas §2.7): search, infinite
 * scroll, shortcode and attachment name ('no attachment'), edit, and delete
 * after "delete <shortcode>?". The list follows company{id}-quickemessage live.
 */
import { useMemo, useState } from "react";
import { Button, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { QuickMessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { QuickMessageModal } from "./QuickMessageModal";
import { useDeleteQuickMessage, useQuickMessagesList } from "./useQuickMessages";

type ModalState = { open: false } | { open: true; id?: number };

function QuickMessageRow(props: { item: QuickMessageDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`quick-message-row-${item.id}`}>
      <TableCell data-testid="quick-message-row-shortcode">{item.shortcode}</TableCell>
      <TableCell data-testid="quick-message-row-media" sx={{ color: item.mediaName ? undefined : "text.secondary" }}>
        {item.mediaName ?? t("quickMessages.noAttachment")}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" onClick={onEdit} label={t("quickMessages.buttons.edit")} testId="quick-message-edit" />
        <RowAction
          action="delete"
          onClick={onDelete}
          label={t("quickMessages.buttons.delete")}
          testId="quick-message-delete"
        />
      </TableCell>
    </TableRow>
  );
}

export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, query } = useQuickMessagesList();
  const remove = useDeleteQuickMessage();
  const [modal, setModal] = useState<ModalState>({ open: false });
  // The list frame names rows by `name`: the delete confirmation asks "delete <shortcode>?".
  const rows = useMemo(() => items.map((q) => ({ ...q, name: q.shortcode })), [items]);

  return (
    <ListPage
      testId="quick-messages"
      title={t("quickMessages.title")}
      search={{ value: search, onChange: setSearch, placeholder: t("quickMessages.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="quick-message-add"
        >
          {t("quickMessages.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("quickMessages.table.shortcode") },
        { label: t("quickMessages.table.mediaName") },
        { label: t("quickMessages.table.actions"), align: "center" },
      ]}
      items={rows}
      renderRow={(item, askDelete) => (
        <QuickMessageRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, id: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("quickMessages.empty")}
      paging={query}
      confirmDelete={{
        title: (shortcode) => t("quickMessages.confirmationModal.deleteTitle", { shortcode }),
        message: t("quickMessages.confirmationModal.deleteMessage"),
        confirmLabel: t("quickMessages.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "quick-message-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <QuickMessageModal quickMessageId={modal.id} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
