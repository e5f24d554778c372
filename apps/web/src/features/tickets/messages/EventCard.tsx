/** A WhatsApp event (details.event): its name, when, where, the call link and whether it was canceled. */
import { Box, Link, Typography } from "@mui/material";
import EventOutlined from "@mui/icons-material/EventOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { dateTimeLabel } from "./messageRules";

export function EventCard({ event }: { event: NonNullable<MessageDetails["event"]> }) {
  const { t } = useTranslation();
  const when = event.startAt
    ? [event.startAt, event.endAt]
        .filter((d): d is string => Boolean(d))
        .map(dateTimeLabel)
        .join(" – ")
    : "";
  return (
    <Box sx={{ width: 280, maxWidth: "100%" }} data-testid="message-event">
      <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <EventOutlined fontSize="inherit" />
        {t("messageDetails.event.title")}
        {event.canceled && (
          <Box component="span" sx={{ color: "error.main", fontWeight: 600 }} data-testid="event-canceled">
            · {t("messageDetails.event.canceled")}
          </Box>
        )}
      </Typography>
      <Typography
        variant="subtitle2"
        sx={{ overflowWrap: "anywhere", textDecoration: event.canceled ? "line-through" : undefined }}
      >
        {event.name}
      </Typography>
      {when && (
        <Typography variant="body2" data-testid="event-when">
          {when}
        </Typography>
      )}
      {event.location && (
        <Typography variant="body2" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <PlaceOutlined fontSize="inherit" />
          {event.location}
        </Typography>
      )}
      {event.description && (
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: 0.5 }}>
          {event.description}
        </Typography>
      )}
      {event.joinLink && (
        <Link href={event.joinLink} target="_blank" rel="noopener noreferrer" variant="body2">
          {t("messageDetails.event.join")}
        </Link>
      )}
    </Box>
  );
}
