/**
 * Campaigns (/campaigns, business-areas §2.11): search, infinite scroll, the
 * six columns, and per row stop (running) or cancel the schedule (scheduled), restart (CANCELADA),
 * report, edit, and delete after confirmation; under the list, the company's
 * time zone the dates are on. Live from company-{companyId}-campaign.
 */
import { useState } from "react";
import { Button, Chip, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import Assessment from "@mui/icons-material/AssessmentOutlined";
import EventBusy from "@mui/icons-material/EventBusyOutlined";
import PlayArrow from "@mui/icons-material/PlayCircleOutlined";
import Stop from "@mui/icons-material/StopCircleOutlined";
import type { CampaignDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CompanyZoneNote } from "../common/CompanyZoneNote";
import { ListPage, RowAction } from "../lists/ListPage";
import { cancelCommand } from "./campaignForm";
import { CampaignModal } from "./CampaignModal";
import { formatCampaignDate, statusColor } from "./campaignView";
import { useCampaignCommand, useCampaignsList, useDeleteCampaign } from "./useCampaigns";

type ModalState = { open: false } | { open: true; campaignId?: number };

interface RowProps {
  campaign: CampaignDto;
  onEdit: () => void;
  onDelete: () => void;
  /** Stops a running campaign or cancels a scheduled one (both are the server's cancel). */
  onCancel: () => void;
  onRestart: () => void;
}

function CommandButton(props: { label: string; testId: string; onClick: () => void; icon: typeof Stop }) {
  const Icon = props.icon;
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" onClick={props.onClick} aria-label={props.label} data-testid={props.testId}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function CampaignRow({ campaign: c, onEdit, onDelete, onCancel, onRestart }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = cancelCommand(c.status);
  return (
    <TableRow hover data-testid={`campaign-row-${c.id}`} data-status={c.status}>
      <TableCell data-testid="campaign-row-name">{c.name}</TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          color={statusColor[c.status]}
          label={t(`campaigns.status.${c.status}`)}
          data-testid="campaign-row-status"
        />
      </TableCell>
      <TableCell align="center">{c.contactList?.name ?? t("campaigns.table.notDefined")}</TableCell>
      <TableCell align="center">{c.whatsapp?.name ?? t("campaigns.table.notDefined")}</TableCell>
      <TableCell align="center" data-testid="campaign-row-scheduled">
        {formatCampaignDate(c.scheduledAt) ?? t("campaigns.table.notScheduled")}
      </TableCell>
      <TableCell align="center">{formatCampaignDate(c.completedAt) ?? t("campaigns.table.notConcluded")}</TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        {cancel === "stop" && (
          <CommandButton label={t("campaigns.buttons.stop")} testId="campaign-stop" onClick={onCancel} icon={Stop} />
        )}
        {cancel === "cancelSchedule" && (
          <CommandButton
            label={t("campaigns.buttons.cancelSchedule")}
            testId="campaign-cancel-schedule"
            onClick={onCancel}
            icon={EventBusy}
          />
        )}
        {c.status === "CANCELADA" && (
          <CommandButton
            label={t("campaigns.buttons.restart")}
            testId="campaign-restart"
            onClick={onRestart}
            icon={PlayArrow}
          />
        )}
        <CommandButton
          label={t("campaigns.buttons.report")}
          testId="campaign-report"
          onClick={() => void navigate(`/campaign/${c.id}/report`)}
          icon={Assessment}
        />
        <RowAction action="edit" onClick={onEdit} label={t("campaigns.buttons.edit")} testId="campaign-edit" />
        <RowAction action="delete" onClick={onDelete} label={t("campaigns.buttons.delete")} testId="campaign-delete" />
      </TableCell>
    </TableRow>
  );
}

export default function CampaignsPage() {
  const { t } = useTranslation();
  const { search, setSearch, items, count, query } = useCampaignsList();
  const remove = useDeleteCampaign();
  const cancel = useCampaignCommand("cancel");
  const restart = useCampaignCommand("restart");
  const [modal, setModal] = useState<ModalState>({ open: false });
  return (
    <ListPage
      testId="campaigns"
      title={t("campaigns.title")}
      count={count}
      search={{ value: search, onChange: setSearch, placeholder: t("campaigns.searchPlaceholder") }}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="campaign-add"
        >
          {t("campaigns.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("campaigns.table.name") },
        { label: t("campaigns.table.status"), align: "center" },
        { label: t("campaigns.table.contactList"), align: "center" },
        { label: t("campaigns.table.whatsapp"), align: "center" },
        { label: t("campaigns.table.scheduledAt"), align: "center" },
        { label: t("campaigns.table.completedAt"), align: "center" },
        { label: t("campaigns.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(campaign, askDelete) => (
        <CampaignRow
          key={campaign.id}
          campaign={campaign}
          onEdit={() => setModal({ open: true, campaignId: campaign.id })}
          onDelete={askDelete}
          onCancel={() => cancel.mutate(campaign.id)}
          onRestart={() => restart.mutate(campaign.id)}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("campaigns.empty")}
      paging={query}
      confirmDelete={{
        title: (name) => t("campaigns.confirmationModal.deleteTitle", { name }),
        message: t("campaigns.confirmationModal.deleteMessage"),
        confirmLabel: t("campaigns.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "campaign-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      <CompanyZoneNote testId="campaigns-zone" />
      {modal.open && <CampaignModal campaignId={modal.campaignId} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
