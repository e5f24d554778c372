/**
 * The contact drawer (core-platform §2.12): 320 px on the right, beside the
 * conversation on wide screens and over it on narrow ones. Avatar, name,
 * number (tel:) and email (mailto:), the inline edit form, the ticket notes,
 * the ticket's short history (TicketTimeline) and the contact's extra info.
 */
import { useState } from "react";
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  Link,
  Paper,
  Typography,
} from "@mui/material";
import Close from "@mui/icons-material/Close";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { limits, type ContactDetail, type TicketDto } from "@balcao/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/http";
import { useCompanyEvent } from "../../../app/socket";
import { ContactEditForm } from "./ContactEditForm";
import { TicketNotes } from "./TicketNotes";
import { TicketTimeline } from "./TicketTimeline";
import { initialOf } from "../../contacts/initialOf";

interface Props {
  ticket: TicketDto;
  persistent: boolean;
  onClose: () => void;
}

function DrawerBody({ ticket, onClose }: Omit<Props, "persistent">) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = ["contact", ticket.contactId];
  const contact = useQuery({ queryKey: key, queryFn: () => api.get<ContactDetail>(`/contacts/${ticket.contactId}`) });
  useCompanyEvent("contact", (payload) => {
    if (payload.action === "update" && payload.contact?.id === ticket.contactId)
      void client.invalidateQueries({ queryKey: key });
  });
  const c = contact.data;

  return (
    <Box
      sx={{
        width: limits.contactDrawerPx,
        maxWidth: "100vw",
        height: "100%",
        display: "flex",
        flexDirection: "column",
      }}
      data-testid="contact-drawer"
    >
      <Box
        sx={{ display: "flex", alignItems: "center", px: 2, minHeight: 64, borderBottom: 1, borderColor: "divider" }}
      >
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t("contactDrawer.header")}
        </Typography>
        <IconButton onClick={onClose} aria-label={t("common.close")} data-testid="contact-drawer-close">
          <Close />
        </IconButton>
      </Box>
      <Box
        sx={{
          flex: 1,
          overflowY: "auto",
          p: 2,
          display: "flex",
          flexDirection: "column",
          gap: 2,
          bgcolor: "action.hover",
        }}
      >
        {!c ? (
          <Box sx={{ display: "grid", placeItems: "center", py: 4 }}>
            <CircularProgress size={24} />
          </Box>
        ) : editing ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ContactEditForm
              contact={c}
              onDone={(saved) => {
                if (saved) client.setQueryData(key, saved);
                setEditing(false);
              }}
            />
          </Paper>
        ) : (
          <Paper variant="outlined" sx={{ p: 2, textAlign: "center" }}>
            <Avatar
              src={c.profilePicUrl || undefined}
              alt={c.name}
              sx={{ width: 120, height: 120, mx: "auto", mb: 1, fontSize: 48 }}
            >
              {initialOf(c.name)}
            </Avatar>
            <Typography variant="h6" data-testid="drawer-name" sx={{ overflowWrap: "anywhere" }}>
              {c.name}
            </Typography>
            {c.number ? (
              <Link href={`tel:${c.number}`} underline="hover" sx={{ display: "block" }} data-testid="drawer-number">
                {c.number}
              </Link>
            ) : (
              <Typography variant="body2" color="text.secondary" data-testid="drawer-no-number">
                {t("contactDrawer.noNumber")}
              </Typography>
            )}
            {c.username && (
              <Typography variant="body2" color="text.secondary" data-testid="drawer-username">
                {t("contactDrawer.username", { username: c.username })}
              </Typography>
            )}
            {c.email && (
              <Link href={`mailto:${c.email}`} underline="hover" sx={{ display: "block" }} data-testid="drawer-email">
                {c.email}
              </Link>
            )}
            <Button
              variant="outlined"
              size="small"
              startIcon={<EditOutlined />}
              sx={{ mt: 1.5 }}
              onClick={() => setEditing(true)}
              data-testid="drawer-edit"
            >
              {t("contactDrawer.buttons.edit")}
            </Button>
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TicketNotes ticket={ticket} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TicketTimeline ticket={ticket} />
        </Paper>
        {c && c.extraInfo.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="drawer-extra-info">
            <Typography variant="subtitle2">{t("contactDrawer.extraInfo")}</Typography>
            {c.extraInfo.map((info) => (
              <Box key={info.id} sx={{ py: 1 }}>
                <Divider sx={{ mb: 1 }} />
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {info.value}
                </Typography>
              </Box>
            ))}
          </Paper>
        )}
      </Box>
    </Box>
  );
}

export default function ContactDrawer({ ticket, persistent, onClose }: Props) {
  if (persistent) {
    return (
      <Box sx={{ borderLeft: 1, borderColor: "divider", flexShrink: 0 }}>
        <DrawerBody ticket={ticket} onClose={onClose} />
      </Box>
    );
  }
  return (
    // Without the dark theme's elevation overlay, which painted the drawer lighter than its cards.
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { backgroundImage: "none" } } }}>
      <DrawerBody ticket={ticket} onClose={onClose} />
    </Drawer>
  );
}
