/**
 * The conversation of one ticket (core-platform §2.9): loaded by uuid, the
 * header, tag selector, messages, input and the contact drawer; it joins the
 * ticket's room, follows its updates, and leaves for /tickets when the
 * ticket is deleted or the server refuses it ("Access not allowed"): the
 * server decides who may see a ticket, and says so with a 403 or, live, with
 * a delete event when the ticket moves out of the user's sight.
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
import { useCompanyEvent, useSocketRoom } from "../../../app/socket";
import { MessageList } from "../messages/MessageList";
import { ReplyContext } from "../messages/replyContext";
import { useTranscribable } from "../messages/useTranscribe";
import { ticketKey } from "../ticketsCache";
import { MessageInput } from "../input/MessageInput";
import { TagSelector } from "./TagSelector";
import { TicketHeader } from "./TicketHeader";

const ContactDrawer = lazy(() => import("../contact-drawer/ContactDrawer"));

function useTicket(uuid: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [ticketKey, uuid],
    queryFn: () => api.get<TicketDto>(`/tickets/u/${uuid}`),
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (!query.isError) return;
    if (refusedByServer(query.error)) {
      toast.error(t("tickets.toasts.unauthorized"), { toastId: "ticket-unauthorized" });
    } else toastError(query.error);
    void navigate("/tickets", { replace: true });
  }, [query.isError, query.error, navigate, t]);
  return query.data;
}

const refusedByServer = (err: unknown) => err instanceof ApiError && err.code === "ERR_NO_PERMISSION";

export default function TicketView({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("xl"), { noSsr: true });
  const ticket = useTicket(uuid);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyingTo, setReplyingTo] = useState<MessageDto | null>(null);
  const reply = useMemo(() => ({ replyingTo, setReplyingTo }), [replyingTo]);
  /** Deleted or transferred from this view: the delete event that follows needs no toast. */
  const leavingHere = useRef(false);
  const transcribable = useTranscribable({ queueId: ticket?.queueId ?? null, whatsappId: ticket?.whatsappId ?? null });

  useSocketRoom("joinChatBox", ticket ? { ticketId: ticket.id } : undefined, ticket !== undefined);
  useCompanyEvent("ticket", (payload) => {
    if (payload.action !== "delete" || !ticket || payload.ticketId !== ticket.id) return;
    if (leavingHere.current) return void navigate("/tickets");
    // Deleted, or moved out of this user's sight by someone else (a transfer): the server tells which.
    api.get<TicketDto>(`/tickets/u/${uuid}`).then(
      () => undefined,
      (err: unknown) => {
        if (refusedByServer(err)) toast.error(t("tickets.toasts.unauthorized"), { toastId: "ticket-unauthorized" });
        else toast.warning(t("tickets.toasts.deleted"));
        void navigate("/tickets");
      },
    );
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
            onLeaving={() => {
              leavingHere.current = true;
            }}
          />
          <TagSelector ticket={ticket} />
          <MessageList ticketId={ticket.id} isGroup={ticket.isGroup} transcribable={transcribable} />
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
