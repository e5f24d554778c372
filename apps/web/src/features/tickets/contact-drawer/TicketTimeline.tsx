/**
 * The ticket's history in the contact drawer (issue 11 item 7; GET
 * /tickets/{ticketId}/timeline): what happened, who did it, and when, oldest
 * first. Refetched whenever the ticket itself changes (its updatedAt), so a
 * transfer or a close shows here without reopening the drawer.
 */
import { Box, List, ListItem, ListItemText, Typography } from "@mui/material";
import type { TicketDto, TicketTimelineDto, TicketTimelineEventDto } from "@balcao/contracts";
import { ticketTimelineTypes } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { companyDateTime } from "../../../app/company-clock";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/http";

const known = new Set<string>(ticketTimelineTypes);

function useLine() {
  const { t } = useTranslation();
  return (e: TicketTimelineEventDto) => {
    const what = known.has(e.type) ? t(`ticketTimeline.types.${e.type}`) : e.type;
    const who = e.userName ? t("ticketTimeline.by", { name: e.userName }) : t("ticketTimeline.bySystem");
    const where = [
      e.queueName,
      e.toUserName && e.type !== "closed" ? t("ticketTimeline.to", { name: e.toUserName }) : null,
    ]
      .filter(Boolean)
      .join(" · ");
    return { primary: `${what} — ${who}`, secondary: [where, companyDateTime(e.createdAt)] };
  };
}

export function TicketTimeline({ ticket }: { ticket: TicketDto }) {
  const { t } = useTranslation();
  const lineOf = useLine();
  const timeline = useQuery({
    queryKey: ["ticket-timeline", ticket.id, ticket.updatedAt],
    queryFn: () => api.get<TicketTimelineDto>(`/tickets/${ticket.id}/timeline`),
  });
  const events = timeline.data?.events ?? [];
  return (
    <Box data-testid="ticket-timeline">
      <Typography variant="subtitle2">{t("ticketTimeline.title")}</Typography>
      {timeline.isSuccess && events.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("ticketTimeline.empty")}
        </Typography>
      )}
      <List dense disablePadding>
        {events.map((e) => {
          const line = lineOf(e);
          return (
            <ListItem key={e.id} divider disableGutters data-testid={`timeline-${e.type}`}>
              <ListItemText
                primary={line.primary}
                secondary={line.secondary.filter(Boolean).join(" · ")}
                slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
