/**
 * The conversation of one ticket (core-platform §2.9): loaded by uuid, the
 * header, tag selector, messages, input and the contact drawer; it joins the
 * ticket's room, follows its updates, and leaves for /tickets when the
 * ticket is deleted or the server refuses it ("Access not allowed").
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Box, CircularProgress, useMediaQuery, useTheme } from "@mui/material";
import type { MessageDto, TicketDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { api, ApiError } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { useCompanyEvent, useSocketRoom } from "../../../app/socket";
import { MessageList } from "../messages/MessageList";
import { ReplyContext } from "../messages/replyContext";
import { visibleToUser } from "../ticketRules";
import { ticketKey } from "../ticketsCache";
import { MessageInput } from "../input/MessageInput";
import { TagSelector } from "./TagSelector";
import { TicketHeader } from "./TicketHeader";

const ContactDrawer = lazy(() => import("../contact-drawer/ContactDrawer"));

function useTicket(uuid: string) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [ticketKey, uuid],
    queryFn: () => api.get<TicketDto>(`/tickets/u/${uuid}`),
    retry: false,
    gcTime: 0,
  });
  const refused = query.data !== undefined && user !== null && !visibleToUser(query.data, user);
  useEffect(() => {
    if (!query.isError && !refused) return;
    if (refused || (query.error instanceof ApiError && query.error.code === "ERR_NO_PERMISSION")) {
      toast.error(t("tickets.toasts.unauthorized"), { toastId: "ticket-unauthorized" });
    } else toastError(query.error);
    void navigate("/tickets", { replace: true });
  }, [query.isError, query.error, refused, navigate, t]);
  return refused ? undefined : query.data;
}

export default function TicketView({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("xl"), { noSsr: true });
  const ticket = useTicket(uuid);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyingTo, setReplyingTo] = useState<MessageDto | null>(null);
  const reply = useMemo(() => ({ replyingTo, setReplyingTo }), [replyingTo]);
  const deletingHere = useRef(false);

  useSocketRoom("joinChatBox", ticket ? { ticketId: ticket.id } : undefined, ticket !== undefined);
  useCompanyEvent("ticket", (payload) => {
    if (payload.action !== "delete" || !ticket || payload.ticketId !== ticket.id) return;
    if (!deletingHere.current) toast.warning(t("tickets.toasts.deleted"));
    void navigate("/tickets");
  });

  if (!ticket) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", height: "100%" }} aria-busy="true">
        <CircularProgress />
      </Box>
    );
  }
  const open = ticket.status === "open";
  return (
    <ReplyContext.Provider value={reply}>
      <Box sx={{ display: "flex", height: "100%", minHeight: 0 }} data-testid="ticket-view" data-ticket-id={ticket.id}>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <TicketHeader
            ticket={ticket}
            onOpenContact={() => setDrawerOpen(true)}
            onDeleting={() => {
              deletingHere.current = true;
            }}
          />
          <TagSelector ticket={ticket} />
          <MessageList ticketId={ticket.id} isGroup={ticket.isGroup} />
          <MessageInput ticket={ticket} disabled={!open} />
        </Box>
        {drawerOpen && (
          <Suspense fallback={null}>
            <ContactDrawer ticket={ticket} persistent={wide} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        )}
      </Box>
    </ReplyContext.Provider>
  );
}
