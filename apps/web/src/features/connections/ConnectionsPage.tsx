/**
 * Connections page (/connections, core-platform §2.17): name, status, session
 * buttons, last update (dd/MM/yy HH:mm), default, and edit/delete for those
 * allowed. The list follows company-{id}-whatsapp and -whatsappSession live.
 */
import { useCallback, useState } from "react";
import { Button, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import CheckCircle from "@mui/icons-material/CheckCircle";
import { can, type WhatsappDto } from "@balcao/contracts";
import { formatInZone } from "../../app/company-clock";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { ListPage, RowAction } from "../lists/ListPage";
import { ConnectionModal } from "./ConnectionModal";
import { ConnectionStatus, SessionButtons } from "./ConnectionSession";
import { QrCodeModal } from "./QrCodeModal";
import { disconnectMessageKey, type SessionAction } from "./sessionView";
import { useConnections, useDeleteConnection, useSessionAction } from "./useConnections";

type ModalState = { open: false } | { open: true; whatsappId?: number };

interface RowProps {
  connection: WhatsappDto;
  may: { session: boolean; edit: boolean };
  onEdit: () => void;
  onDelete: () => void;
  onAction: (action: SessionAction) => void;
  onShowQr: () => void;
  onDisconnect: () => void;
}

function ConnectionRow({ connection, may, onEdit, onDelete, ...session }: RowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`connection-row-${connection.id}`}>
      <TableCell data-testid="connection-row-name">{connection.name}</TableCell>
      <TableCell align="center">
        <ConnectionStatus connection={connection} />
      </TableCell>
      {may.session && (
        <TableCell align="center">
          <SessionButtons connection={connection} {...session} />
        </TableCell>
      )}
      <TableCell align="center" data-testid="connection-row-updated">
        {formatInZone(connection.updatedAt, "dd/MM/yy HH:mm")}
      </TableCell>
      <TableCell align="center">
        {connection.isDefault && (
          <CheckCircle
            color="success"
            data-testid="connection-row-default"
            aria-label={t("connections.table.default")}
          />
        )}
      </TableCell>
      {may.edit && (
        <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
          <RowAction action="edit" onClick={onEdit} label={t("connections.buttons.edit")} testId="connection-edit" />
          <RowAction
            action="delete"
            onClick={onDelete}
            label={t("connections.buttons.delete")}
            testId="connection-delete"
          />
        </TableCell>
      )}
    </TableRow>
  );
}

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const connections = useConnections();
  const remove = useDeleteConnection();
  const session = useSessionAction();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [disconnecting, setDisconnecting] = useState<WhatsappDto | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const may = {
    add: can(user?.profile, "connections-page:addConnection"),
    session: can(user?.profile, "connections-page:actionButtons"),
    edit: can(user?.profile, "connections-page:editOrDeleteConnection"),
  };

  return (
    <ListPage
      testId="connections"
      title={t("connections.title")}
      actions={
        may.add && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setModal({ open: true })}
            data-testid="connection-add"
          >
            {t("connections.buttons.add")}
          </Button>
        )
      }
      columns={[
        { label: t("connections.table.name") },
        { label: t("connections.table.status"), align: "center" },
        ...(may.session ? [{ label: t("connections.table.session"), align: "center" as const }] : []),
        { label: t("connections.table.lastUpdate"), align: "center" },
        { label: t("connections.table.default"), align: "center" },
        ...(may.edit ? [{ label: t("connections.table.actions"), align: "center" as const }] : []),
      ]}
      items={connections.data ?? []}
      renderRow={(connection, askDelete) => (
        <ConnectionRow
          key={connection.id}
          connection={connection}
          may={may}
          onEdit={() => setModal({ open: true, whatsappId: connection.id })}
          onDelete={askDelete}
          onAction={(action) => session.mutate({ id: connection.id, action })}
          onShowQr={() => setQrFor(connection.id)}
          onDisconnect={() => setDisconnecting(connection)}
        />
      )}
      loaded={!connections.isLoading}
      emptyText={t("connections.empty")}
      confirmDelete={{
        title: (name) => t("connections.confirmationModal.deleteTitle", { name }),
        message: t("connections.confirmationModal.deleteMessage"),
        confirmLabel: t("connections.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "connection-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <ConnectionModal whatsappId={modal.whatsappId} onClose={() => setModal({ open: false })} />}
      {qrFor !== null && (
        <QrCodeModal whatsappId={qrFor} connection={connections.data?.find((c) => c.id === qrFor)} onClose={closeQr} />
      )}
      <ConfirmDialog
        open={disconnecting !== null}
        title={t("connections.confirmationModal.disconnectTitle", { name: disconnecting?.name ?? "" })}
        message={disconnecting ? t(disconnectMessageKey(disconnecting.provider)) : ""}
        confirmLabel={t("connections.buttons.disconnect")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => disconnecting && session.mutate({ id: disconnecting.id, action: "disconnect" })}
        onClose={() => setDisconnecting(null)}
        testId="connection-disconnect-dialog"
      />
    </ListPage>
  );
}
