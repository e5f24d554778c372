/**
 * Phrase-triggered flow campaigns (/phrase-lists, title "Campanhas",
 * automation-areas §2, issue 18 item 4): each campaign's name and status
 * (Ativo / Desativado), edit, delete for profiles passing
 * contacts-page:deleteContact (after a confirmation naming it), and
 * "+ Campanha" for the campaign dialog.
 */
import { useState } from "react";
import { Button, Chip, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { can } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { ListPage, RowAction } from "../lists/ListPage";
import { PhraseCampaignModal } from "./PhraseCampaignModal";
import { useDeleteCampaign, usePhraseCampaigns, type CampaignListItem } from "./usePhraseCampaigns";

type ModalState = { open: false } | { open: true; id?: number };

interface RowProps {
  item: CampaignListItem;
  onEdit: () => void;
  /** Absent for profiles that may not delete. */
  onDelete?: () => void;
}

function CampaignRow({ item, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`phrase-campaign-row-${item.id}`}>
      <TableCell data-testid="phrase-campaign-cell-name">{item.name}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          variant={item.status ? "filled" : "outlined"}
          color={item.status ? "success" : "default"}
          label={t(item.status ? "phraseCampaigns.status.active" : "phraseCampaigns.status.inactive")}
          data-testid="phrase-campaign-cell-status"
        />
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction
          action="edit"
          onClick={onEdit}
          label={t("phraseCampaigns.buttons.edit")}
          testId="phrase-campaign-edit"
        />
        {onDelete && (
          <RowAction
            action="delete"
            onClick={onDelete}
            label={t("phraseCampaigns.buttons.delete")}
            testId="phrase-campaign-delete"
          />
        )}
      </TableCell>
    </TableRow>
  );
}

export default function PhraseCampaignsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = usePhraseCampaigns();
  const remove = useDeleteCampaign();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const mayDelete = can(user?.profile, "contacts-page:deleteContact");

  return (
    <ListPage
      testId="phrase-campaigns"
      title={t("phraseCampaigns.title")}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="phrase-campaign-add"
        >
          {t("phraseCampaigns.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("phraseCampaigns.table.name") },
        { label: t("phraseCampaigns.table.status"), align: "center" },
        { label: t("phraseCampaigns.table.actions"), align: "center" },
      ]}
      items={query.data ?? []}
      renderRow={(item, askDelete) => (
        <CampaignRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, id: item.id })}
          onDelete={mayDelete ? askDelete : undefined}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("phraseCampaigns.empty")}
      confirmDelete={{
        title: (name) => t("phraseCampaigns.confirm.deleteTitle", { name }),
        message: t("phraseCampaigns.confirm.deleteMessage"),
        confirmLabel: t("phraseCampaigns.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "phrase-campaign-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <PhraseCampaignModal campaignId={modal.id} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
