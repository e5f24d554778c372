/**
 * One ticket in the manager (core-platform §2.8): queue colour bar, avatar,
 * name, admin peek, chatbot flag, last message, upper-cased badges, tags,
 * unread count, time, and the Accept / Close / Reopen buttons.
 */
import { memo, type MouseEvent, type ReactNode } from "react";
import { Avatar, Badge, Box, Button, Chip, IconButton, ListItemButton, Tooltip, Typography } from "@mui/material";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import type { TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { badgeText, lastMessagePreview, queueColor, ticketTime } from "../ticketRules";
import type { TicketAction } from "../useTicketActions";
import { initialOf } from "../../contacts/initialOf";

interface Props {
  ticket: TicketDto;
  selected: boolean;
  isAdmin: boolean;
  busy: boolean;
  onOpen: (ticket: TicketDto) => void;
  onAction: (action: TicketAction, ticket: TicketDto) => void;
  onPeek: (ticket: TicketDto) => void;
}

function Tiny({ label, color, testId }: { label: string; color?: string; testId: string }) {
  return (
    <Chip
      size="small"
      label={label}
      data-testid={testId}
      sx={{
        height: 18,
        fontSize: 10,
        fontWeight: 600,
        maxWidth: 120,
        ...(color ? { bgcolor: color, color: "#fff" } : {}),
      }}
    />
  );
}

function ItemButton({
  children,
  onClick,
  testId,
  color = "primary",
}: {
  children: ReactNode;
  onClick: () => void;
  testId: string;
  color?: "primary" | "inherit" | "success";
}) {
  const stop = (e: MouseEvent) => {
    e.stopPropagation();
    onClick();
  };
  return (
    <Button
      size="small"
      variant="outlined"
      color={color}
      onClick={stop}
      data-testid={testId}
      sx={{ py: 0, minWidth: 0, fontSize: 12 }}
    >
      {children}
    </Button>
  );
}

export const TicketListItem = memo(function TicketListItem(props: Props) {
  const { ticket, selected, isAdmin, busy, onOpen, onAction, onPeek } = props;
  const { t } = useTranslation();
  const color = queueColor(ticket);
  const lastMessage = lastMessagePreview(ticket.lastMessage, t("ticketsList.location"));
  const pending = ticket.status === "pending";
  return (
    <ListItemButton
      selected={selected}
      divider
      onClick={() => !pending && onOpen(ticket)}
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      sx={{
        position: "relative",
        pl: 2,
        pr: 1.5,
        py: 1,
        gap: 1.5,
        alignItems: "flex-start",
        cursor: pending ? "default" : "pointer",
      }}
    >
      <Tooltip title={ticket.queue?.name ?? t("ticketsList.noQueue")} placement="right">
        <Box
          data-testid="ticket-queue-bar"
          data-color={color}
          sx={{ position: "absolute", left: 0, top: 0, bottom: 0, width: 6, bgcolor: color }}
        />
      </Tooltip>
      <Avatar
        src={ticket.contact.urlPicture || ticket.contact.profilePicUrl || undefined}
        alt={ticket.contact.name}
        sx={{ mt: 0.5 }}
      >
        {initialOf(ticket.contact.name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="ticket-contact-name">
            {ticket.contact.name}
          </Typography>
          {ticket.chatbot && (
            <Tooltip title={t("ticketsList.chatbot")}>
              <SmartToyOutlined fontSize="small" color="action" data-testid="ticket-chatbot" />
            </Tooltip>
          )}
          {isAdmin && (
            <Tooltip title={t("ticketsList.peek")}>
              <IconButton
                size="small"
                sx={{ p: 0.25 }}
                aria-label={t("ticketsList.peek")}
                data-testid="ticket-peek"
                onClick={(e) => {
                  e.stopPropagation();
                  onPeek(ticket);
                }}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Typography
            variant="caption"
            color={ticket.unreadMessages > 0 ? "success.main" : "text.secondary"}
            data-testid="ticket-time"
          >
            {ticketTime(ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
            data-testid="ticket-last-message"
          >
            {lastMessage || "\u00a0"}
          </Typography>
          {ticket.unreadMessages > 0 && (
            <Badge
              badgeContent={ticket.unreadMessages}
              color="success"
              max={999}
              data-testid="ticket-unread"
              sx={{ mr: 1.5, "& .MuiBadge-badge": { position: "static", transform: "none" } }}
            />
          )}
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, mt: 0.5 }}>
          {ticket.whatsapp && <Tiny label={badgeText(ticket.whatsapp.name)} testId="ticket-badge-connection" />}
          {ticket.user && <Tiny label={badgeText(ticket.user.name)} color="#4caf50" testId="ticket-badge-user" />}
          <Tiny
            label={badgeText(ticket.queue?.name ?? t("ticketsList.noQueue"))}
            color={color}
            testId="ticket-badge-queue"
          />
          {ticket.tags.map((tag) => (
            <Tiny key={tag.id} label={tag.name} color={tag.color} testId="ticket-tag" />
          ))}
          <Box sx={{ ml: "auto", display: "flex", gap: 0.5 }}>
            {pending && (
              <ItemButton testId="ticket-accept" color="success" onClick={() => !busy && onAction("accept", ticket)}>
                {t("ticketsList.buttons.accept")}
              </ItemButton>
            )}
            {ticket.status !== "closed" && (
              <ItemButton testId="ticket-close" color="inherit" onClick={() => !busy && onAction("resolve", ticket)}>
                {t("ticketsList.buttons.closed")}
              </ItemButton>
            )}
            {ticket.status === "closed" && (
              <ItemButton testId="ticket-reopen" onClick={() => !busy && onAction("reopen", ticket)}>
                {t("ticketsList.buttons.reopen")}
              </ItemButton>
            )}
          </Box>
        </Box>
      </Box>
    </ListItemButton>
  );
});
