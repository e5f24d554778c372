/**
 * The ticket options menu (core-platform §2.9): Schedule (the schedule
 * modal with the ticket's contact; after saving, /schedules), Transfer, Delete (ticket-options:
 * deleteTicket, after a confirmation naming the ticket and the contact) and
 * Panel (the panelUrl setting followed by the contact number, in a new tab).
 */
import { lazy, Suspense, useState } from "react";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import OpenInNew from "@mui/icons-material/OpenInNew";
import SwapHoriz from "@mui/icons-material/SwapHoriz";
import { can, type SettingEntry, type TicketDto } from "@balcao/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { settingValue } from "../../layout/menu-rules";
import { ConfirmDialog } from "../../lists/ConfirmDialog";

const TransferModal = lazy(() => import("../dialogs/TransferModal"));
const ScheduleModal = lazy(() => import("../../schedules/ScheduleModal").then((m) => ({ default: m.ScheduleModal })));

/** panelUrl from the signed-in company's settings, or from GET /settings when the login did not carry it. */
function usePanelUrl(enabled: boolean): string {
  const { user } = useAuth();
  const fromLogin = settingValue(user?.company.settings ?? [], "panelUrl");
  const settings = useQuery({
    queryKey: ["settings"],
    queryFn: () => api.get<SettingEntry[]>("/settings"),
    enabled: enabled && fromLogin === undefined,
    staleTime: 60_000,
    retry: false,
  });
  return fromLogin ?? settingValue(settings.data ?? [], "panelUrl") ?? "";
}

export function TicketOptionsMenu({ ticket, onLeaving }: { ticket: TicketDto; onLeaving: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const panelUrl = usePanelUrl(anchor !== null);
  const remove = useMutation({
    mutationFn: () => api.delete(`/tickets/${ticket.id}`),
    onMutate: onLeaving,
    onSuccess: () => void navigate("/tickets"),
    onError: toastError,
  });
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t("ticketOptionsMenu.title")}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t("ticketOptionsMenu.title")}
          data-testid="ticket-options"
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          data-testid="ticket-option-schedule"
          onClick={() => {
            close();
            setScheduling(true);
          }}
        >
          <ListItemIcon>
            <EventOutlined fontSize="small" />
          </ListItemIcon>
          {t("ticketOptionsMenu.schedule")}
        </MenuItem>
        <MenuItem
          data-testid="ticket-option-transfer"
          onClick={() => {
            close();
            setTransferring(true);
          }}
        >
          <ListItemIcon>
            <SwapHoriz fontSize="small" />
          </ListItemIcon>
          {t("ticketOptionsMenu.transfer")}
        </MenuItem>
        {can(user?.profile, "ticket-options:deleteTicket") && (
          <MenuItem
            data-testid="ticket-option-delete"
            onClick={() => {
              close();
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" />
            </ListItemIcon>
            {t("ticketOptionsMenu.delete")}
          </MenuItem>
        )}
        <MenuItem
          data-testid="ticket-option-panel"
          disabled={!panelUrl}
          onClick={() => {
            close();
            window.open(`${panelUrl}${ticket.contact.number}`, "_blank", "noopener");
          }}
        >
          <ListItemIcon>
            <OpenInNew fontSize="small" />
          </ListItemIcon>
          {t("ticketOptionsMenu.panel")}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t("ticketOptionsMenu.confirmationModal.title", { id: ticket.id, name: ticket.contact.name })}
        message={t("ticketOptionsMenu.confirmationModal.message")}
        confirmLabel={t("ticketOptionsMenu.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
        testId="ticket-delete-dialog"
      />
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleModal
            contact={{ id: ticket.contact.id, name: ticket.contact.name }}
            onClose={() => setScheduling(false)}
            onSaved={() => void navigate("/schedules")}
          />
        </Suspense>
      )}
      {transferring && (
        <Suspense fallback={null}>
          <TransferModal ticket={ticket} onTransferring={onLeaving} onClose={() => setTransferring(false)} />
        </Suspense>
      )}
    </>
  );
}
