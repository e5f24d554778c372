/**
 * Ticket notifications while signed in (core-platform §2.14, §4.7, §7.9):
 * the notification room is joined; each new customer message that passes
 * the §4.7 rules shows a desktop notification and plays the sound; the
 * popover's list of tickets with unread messages follows ticket and message
 * events.
 */
import { useEffect, useRef } from "react";
import type { TicketListResponse } from "@balcao/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useMatch, useNavigate } from "react-router";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { useCompanyEvent, useSocketRoom } from "../../app/socket";
import { askPermission, showNotification } from "./desktopNotifications";
import { notificationBody, popoverTickets, shouldNotify } from "./notificationRules";
import { playChime } from "./sound";

const notificationsKey = ["ticket-notifications"];
const REFRESH_MS = 1000;

export function useTicketNotifications() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const open = useMatch("/tickets/:ticketId");
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSocketRoom("joinNotification");
  useEffect(askPermission, []);
  useEffect(() => () => clearTimeout(refresh.current ?? undefined), []);

  const list = useQuery({
    queryKey: notificationsKey,
    queryFn: () =>
      api.get<TicketListResponse>("/tickets", { withUnreadMessages: "true", showAll: "false", pageNumber: 1 }),
    enabled: user !== null,
    staleTime: 30_000,
  });

  // Bursts of events refetch the list once.
  const refetchSoon = () => {
    refresh.current ??= setTimeout(() => {
      refresh.current = null;
      void client.invalidateQueries({ queryKey: notificationsKey });
    }, REFRESH_MS);
  };
  useCompanyEvent("ticket", refetchSoon);
  useCompanyEvent("appMessage", (payload) => {
    refetchSoon();
    const { message, ticket } = payload;
    if (payload.action !== "create" || !ticket || !user) return;
    const ctx = {
      user,
      openTicketId: open?.params.ticketId === ticket.uuid ? ticket.id : null,
      pageVisible: document.visibilityState === "visible",
    };
    if (!shouldNotify(message, ticket, ctx)) return;
    showNotification({
      title: t("ticketNotifications.title", { name: ticket.contact.name }),
      body: notificationBody(message),
      tag: String(ticket.id),
      icon: ticket.contact.urlPicture || ticket.contact.profilePicUrl,
      onClick: () => void navigate(`/tickets/${ticket.uuid}`),
    });
    playChime();
  });

  return user ? popoverTickets(list.data?.tickets ?? [], user) : [];
}
