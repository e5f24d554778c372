/**
 * The administrator's read-only peek (core-platform §2.13): the ticket is
 * loaded, its contact name, "#{id}" and "Assigned to {user}" head its
 * messages, and "Fechar" closes it; names are cut to 10 characters under
 * 600 px. A deletion of the ticket closes it.
 */
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { limits, type TicketDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/http";
import { useCompanyEvent } from "../../../app/socket";
import { MessageList } from "../messages/MessageList";
import { cutName } from "../ticketRules";

export default function PeekDialog({ ticket: listed, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width:${limits.mobileBreakpointPx - 1}px)`, { noSsr: true });
  const loaded = useQuery({
    queryKey: ["peek", listed.id],
    queryFn: () => api.get<TicketDto>(`/tickets/${listed.id}`),
    gcTime: 0,
  });
  const ticket = loaded.data;
  useCompanyEvent("ticket", (payload) => {
    if (payload.action === "delete" && payload.ticketId === listed.id) onClose();
  });
  const contactName = cutName(ticket?.contact.name ?? listed.contact.name, narrow);
  const userName = ticket?.user ? cutName(ticket.user.name, narrow) : t("peekDialog.nobody");

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
      slotProps={{ paper: { "data-testid": "peek-dialog", sx: { height: { sm: "80vh" } } } as object }}
    >
      <DialogTitle sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
        <span data-testid="peek-contact">{contactName}</span>
        <Typography component="span" color="text.secondary" data-testid="peek-id">
          #{listed.id}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: "auto" }} data-testid="peek-user">
          {t("peekDialog.assignedTo", { name: userName })}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: "flex", flexDirection: "column" }}>
        {ticket ? (
          <MessageList ticketId={ticket.id} isGroup={ticket.isGroup} readOnly />
        ) : (
          <Box sx={{ display: "grid", placeItems: "center", flex: 1, py: 6 }}>
            <CircularProgress />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="peek-close">
          {t("peekDialog.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
