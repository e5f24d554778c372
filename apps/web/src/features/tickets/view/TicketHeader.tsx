/**
 * The ticket header (core-platform §2.9, §4.1): the contact (opens the
 * contact drawer), the actions its status allows — accept; return and
 * resolve; reopen — and the options menu of open tickets.
 */
import { Avatar, Box, Button, ButtonBase, IconButton, Tooltip, Typography } from "@mui/material";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import Replay from "@mui/icons-material/Replay";
import Undo from "@mui/icons-material/Undo";
import type { TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useTicketAction } from "../useTicketActions";
import { TicketOptionsMenu } from "./TicketOptionsMenu";
import { initialOf } from "../../contacts/initialOf";

interface Props {
  ticket: TicketDto;
  onOpenContact: () => void;
  onLeaving: () => void;
}

export function TicketHeader({ ticket, onOpenContact, onLeaving }: Props) {
  const { t } = useTranslation();
  const { mutate, isPending } = useTicketAction();
  const act = (action: Parameters<typeof mutate>[0]["action"]) => mutate({ action, ticket });
  const subtitle = ticket.user
    ? t("messagesList.header.assignedTo", { name: ticket.user.name })
    : t("messagesList.header.unassigned");
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
        minHeight: 64,
      }}
      data-testid="ticket-header"
      data-status={ticket.status}
    >
      <ButtonBase
        onClick={onOpenContact}
        data-testid="ticket-contact"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          flex: 1,
          minWidth: 0,
          justifyContent: "flex-start",
          borderRadius: 1,
          p: 0.5,
          textAlign: "left",
        }}
      >
        <Avatar src={ticket.contact.urlPicture || ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name}>
          {initialOf(ticket.contact.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            noWrap
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
            data-testid="ticket-contact-name"
          >
            {ticket.contact.name}{" "}
            <Typography component="span" variant="caption" color="text.secondary">
              #{ticket.id}
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="ticket-assigned">
            {subtitle}
          </Typography>
        </Box>
      </ButtonBase>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexShrink: 0 }}>
        {ticket.status === "pending" && (
          <Button
            variant="contained"
            color="success"
            size="small"
            loading={isPending}
            onClick={() => act("accept")}
            data-testid="ticket-accept-button"
          >
            {t("messagesList.header.buttons.accept")}
          </Button>
        )}
        {ticket.status === "open" && (
          <>
            <Tooltip title={t("messagesList.header.buttons.return")}>
              <IconButton
                disabled={isPending}
                onClick={() => act("return")}
                aria-label={t("messagesList.header.buttons.return")}
                data-testid="ticket-return-button"
              >
                <Undo />
              </IconButton>
            </Tooltip>
            <Button
              variant="contained"
              size="small"
              startIcon={<CheckCircleOutline />}
              loading={isPending}
              onClick={() => act("resolve")}
              data-testid="ticket-resolve-button"
              sx={{ display: { xs: "none", sm: "inline-flex" } }}
            >
              {t("messagesList.header.buttons.resolve")}
            </Button>
            <Tooltip title={t("messagesList.header.buttons.resolve")}>
              <IconButton
                color="primary"
                disabled={isPending}
                onClick={() => act("resolve")}
                aria-label={t("messagesList.header.buttons.resolve")}
                data-testid="ticket-resolve-icon"
                sx={{ display: { xs: "inline-flex", sm: "none" } }}
              >
                <CheckCircleOutline />
              </IconButton>
            </Tooltip>
            <TicketOptionsMenu ticket={ticket} onLeaving={onLeaving} />
          </>
        )}
        {ticket.status === "closed" && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<Replay />}
            loading={isPending}
            onClick={() => act("reopen")}
            data-testid="ticket-reopen-button"
          >
            {t("messagesList.header.buttons.reopen")}
          </Button>
        )}
      </Box>
    </Box>
  );
}
