/**
 * The top-bar ticket notifications (core-platform §2.14): tickets with
 * unread messages (pending ones only for allTicket enabled), a dot while
 * there are any; a click opens the ticket. It also owns the desktop
 * notifications of §4.7.
 */
import {
  Avatar,
  Badge,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
  type SxProps,
  type Theme,
} from "@mui/material";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { NoRecords, TopBarPopover } from "../layout/TopBarPopover";
import { lastMessagePreview, ticketTime } from "../tickets/ticketRules";
import { notificationSupport } from "./desktopNotifications";
import { useTicketNotifications } from "./useTicketNotifications";
import { initialOf } from "../contacts/initialOf";

export function TicketNotificationsPopover({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = useTicketNotifications();
  return (
    <TopBarPopover
      testId="notifications"
      label={t("notifications.tickets")}
      icon={<NotificationsOutlined />}
      hasUnseen={tickets.length > 0}
      buttonSx={buttonSx}
    >
      {(close) => (
        <>
          {notificationSupport() === "unsupported" && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: "block", px: 2, pt: 1 }}
              data-testid="notifications-unsupported"
            >
              {t("ticketNotifications.unsupported")}
            </Typography>
          )}
          {tickets.length === 0 ? (
            <NoRecords />
          ) : (
            <List dense disablePadding sx={{ overflowY: "auto" }}>
              {tickets.map((ticket) => (
                <ListItemButton
                  key={ticket.id}
                  divider
                  data-testid={`notification-ticket-${ticket.id}`}
                  onClick={() => {
                    close();
                    void navigate(`/tickets/${ticket.uuid}`);
                  }}
                >
                  <ListItemAvatar>
                    <Avatar src={ticket.contact.urlPicture || ticket.contact.profilePicUrl || undefined}>
                      {initialOf(ticket.contact.name)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={ticket.contact.name}
                    secondary={lastMessagePreview(ticket.lastMessage, t("ticketsList.location"))}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                  <Badge badgeContent={ticket.unreadMessages} color="success" sx={{ mx: 1.5 }} />
                  <Typography variant="caption" color="text.secondary">
                    {ticketTime(ticket.updatedAt)}
                  </Typography>
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
    </TopBarPopover>
  );
}
