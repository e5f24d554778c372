/**
 * A scrolling ticket list (core-platform §2.7): the next page loads when the
 * end comes within 100 px, an empty list says so.
 */
import { useCallback, useEffect, useRef, type UIEvent } from "react";
import { Box, CircularProgress, List, Typography } from "@mui/material";
import InboxOutlined from "@mui/icons-material/InboxOutlined";
import type { TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../../app/auth";
import type { useTicketList } from "../ticketsCache";
import { useTicketAction, type TicketAction } from "../useTicketActions";
import { TicketListItem } from "./TicketListItem";

export const LIST_END_PX = 100;

interface Props {
  list: ReturnType<typeof useTicketList>;
  selectedUuid: string | undefined;
  onPeek: (ticket: TicketDto) => void;
  testId: string;
}

export function TicketsList({ list, selectedUuid, onPeek, testId }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { mutate, isPending } = useTicketAction();
  const ref = useRef<HTMLDivElement>(null);
  const { query, tickets } = list;

  const loadIfNearEnd = useCallback(
    (el: HTMLElement) => {
      const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < LIST_END_PX;
      if (nearEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    [query],
  );
  // A page that leaves a tall list short of scrolling loads the next one too.
  useEffect(() => {
    if (ref.current) loadIfNearEnd(ref.current);
  }, [tickets.length, loadIfNearEnd]);

  const onOpen = useCallback((ticket: TicketDto) => void navigate(`/tickets/${ticket.uuid}`), [navigate]);
  const onAction = useCallback((kind: TicketAction, ticket: TicketDto) => mutate({ action: kind, ticket }), [mutate]);

  return (
    <Box
      ref={ref}
      onScroll={(e: UIEvent<HTMLDivElement>) => loadIfNearEnd(e.currentTarget)}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}
      data-testid={testId}
    >
      {query.isPending ? (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
          <CircularProgress size={28} />
        </Box>
      ) : tickets.length === 0 ? (
        <Box sx={{ textAlign: "center", px: 3, py: 6, color: "text.secondary" }} data-testid={`${testId}-empty`}>
          <InboxOutlined sx={{ fontSize: 48, opacity: 0.5 }} />
          <Typography variant="subtitle1" color="text.primary">
            {t("ticketsList.noTicketsTitle")}
          </Typography>
          <Typography variant="body2">{t("ticketsList.noTicketsMessage")}</Typography>
        </Box>
      ) : (
        <List disablePadding>
          {tickets.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              isAdmin={user?.profile === "admin"}
              busy={isPending}
              onOpen={onOpen}
              onAction={onAction}
              onPeek={onPeek}
            />
          ))}
        </List>
      )}
      {query.isFetchingNextPage && (
        <Box sx={{ display: "grid", placeItems: "center", py: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
    </Box>
  );
}
