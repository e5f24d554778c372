/**
 * Queue integrations (/queue-integration, automation-areas §2): search,
 * Add, infinite scroll; each row the type's mark, the id and the name, with
 * edit and delete (after a confirmation naming it). The plan gate
 * (useIntegrations) is the route table's PlanGate; the list follows
 * company-{companyId}-queueIntegration live.
 */
import { useState } from "react";
import { Box, Button, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { queueIntegrationTypeOptions, type QueueIntegrationDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { QueueIntegrationModal } from "./QueueIntegrationModal";
import { typeLogos } from "./typeLogos";
import { useDeleteIntegration, useQueueIntegrations } from "./useQueueIntegrations";

type ModalState = { open: false } | { open: true; id?: number };

const typeLabel = (type: QueueIntegrationDto["type"]) =>
  queueIntegrationTypeOptions.find((o) => o.value === type)?.label ?? type;

function IntegrationRow(props: { item: QueueIntegrationDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`integration-row-${item.id}`}>
      <TableCell padding="checkbox" sx={{ pl: 1.5 }}>
        <Box
          component="img"
          src={typeLogos[item.type]}
          alt={typeLabel(item.type)}
          title={typeLabel(item.type)}
          sx={{ width: 32, height: 32, display: "block" }}
          data-testid="integration-cell-logo"
        />
      </TableCell>
      <TableCell align="center" data-testid="integration-cell-id">
        {item.id}
      </TableCell>
      <TableCell data-testid="integration-cell-name">{item.name}</TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction
          action="edit"
          onClick={onEdit}
          label={t("queueIntegration.buttons.edit")}
          testId="integration-edit"
        />
        <RowAction
          action="delete"
          onClick={onDelete}
          label={t("queueIntegration.buttons.delete")}
          testId="integration-delete"
        />
      </TableCell>
    </TableRow>
  );
}

export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, query } = useQueueIntegrations();
  const remove = useDeleteIntegration();
  const [modal, setModal] = useState<ModalState>({ open: false });

  return (
    <ListPage
      testId="integrations"
      title={t("queueIntegration.title")}
      count={items.length}
      search={{ value: search, onChange: setSearch, placeholder: t("queueIntegration.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="integration-add"
        >
          {t("queueIntegration.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("queueIntegration.table.type"), padding: "checkbox", sx: { pl: 1.5 } },
        { label: t("queueIntegration.table.id"), align: "center" },
        { label: t("queueIntegration.table.name") },
        { label: t("queueIntegration.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(item, askDelete) => (
        <IntegrationRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, id: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("queueIntegration.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("queueIntegration.confirmationModal.deleteTitle", { name }),
        message: t("queueIntegration.confirmationModal.deleteMessage"),
        confirmLabel: t("queueIntegration.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "integration-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <QueueIntegrationModal integrationId={modal.id} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
