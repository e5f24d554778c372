/**
 * One card (business-areas §2.6): 'Ticket nº <id>', the contact's name as the
 * title, their number, the ticket's last message and a 'see ticket' button
 * to /tickets/{uuid}. The card is its own drag handle (mouse, touch, or
 * keyboard: space, arrows, space).
 */
import { memo } from "react";
import { Box, Button, Chip, Paper, Typography } from "@mui/material";
import OpenInNew from "@mui/icons-material/OpenInNew";
import type { TicketDto } from "@balcao/contracts";
import { Draggable } from "@hello-pangea/dnd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { lastMessagePreview } from "../tickets/ticketRules";

interface Props {
  ticket: TicketDto;
  /** Unique on the board: a ticket with two lane tags shows in both lanes. */
  draggableId: string;
  index: number;
  /** The ticket's tags as chips (the 'open' lane's cards: tags that are not lanes). */
  showTags?: boolean;
}

export const KanbanCard = memo(function KanbanCard({ ticket, draggableId, index, showTags }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Draggable draggableId={draggableId} index={index}>
      {(drag, snapshot) => (
        <Paper
          ref={drag.innerRef}
          {...drag.draggableProps}
          {...drag.dragHandleProps}
          elevation={snapshot.isDragging ? 6 : 1}
          data-testid={`kanban-card-${ticket.id}`}
          sx={{ p: 1.5, mb: 1, display: "flex", flexDirection: "column", gap: 0.5 }}
        >
          <Typography variant="caption" color="text.secondary">
            {t("kanban.card.ticket", { id: ticket.id })}
          </Typography>
          <Typography variant="subtitle2" noWrap data-testid="kanban-card-name">
            {ticket.contact.name}
          </Typography>
          {ticket.contact.number && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {ticket.contact.number}
            </Typography>
          )}
          <Typography
            variant="body2"
            sx={{ display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" }}
          >
            {lastMessagePreview(ticket.lastMessage, t("ticketsList.location"))}
          </Typography>
          {showTags && ticket.tags.length > 0 && (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }} data-testid="kanban-card-tags">
              {ticket.tags.map((tag) => (
                <Chip
                  key={tag.id}
                  size="small"
                  label={tag.name}
                  variant="outlined"
                  sx={{ borderColor: tag.color, maxWidth: "100%" }}
                />
              ))}
            </Box>
          )}
          <Box>
            <Button
              size="small"
              endIcon={<OpenInNew fontSize="small" />}
              onClick={() => void navigate(`/tickets/${ticket.uuid}`)}
              data-testid="kanban-card-open"
            >
              {t("kanban.card.see")}
            </Button>
          </Box>
        </Paper>
      )}
    </Draggable>
  );
});
