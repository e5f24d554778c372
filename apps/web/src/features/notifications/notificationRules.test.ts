import type { MessageDto, TicketDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../tickets/ticketRules";
import { notificationBody, popoverTickets, shouldNotify, type NotifyContext } from "./notificationRules";

const me: Viewer = { id: 7, profile: "user", allTicket: "desabled", queues: [{ id: 1, name: "Sales", color: "#f00" }] };
const ctx: NotifyContext = { user: me, openTicketId: null, pageVisible: true };
const message = {
  fromMe: false,
  read: false,
  body: "Oi",
  createdAt: "2026-01-01T17:05:00.000Z", // 14:05 on the company's clock (São Paulo)
} as MessageDto;
const ticket = { id: 5, status: "open", isGroup: false, userId: 7, queueId: 1, unreadMessages: 1 } as TicketDto;

describe("desktop notifications (core-platform §4.7)", () => {
  it("notifies a new unread customer message on the user's or an unassigned ticket in their queues", () => {
    expect(shouldNotify(message, ticket, ctx)).toBe(true);
    expect(shouldNotify(message, { ...ticket, userId: null }, ctx)).toBe(true);
    expect(shouldNotify(message, { ...ticket, queueId: null }, ctx)).toBe(true);
  });
  it("stays quiet otherwise", () => {
    expect(shouldNotify({ ...message, fromMe: true }, ticket, ctx)).toBe(false);
    expect(shouldNotify({ ...message, read: true }, ticket, ctx)).toBe(false);
    expect(shouldNotify(message, { ...ticket, status: "pending" }, ctx)).toBe(false);
    expect(shouldNotify(message, { ...ticket, userId: 8 }, ctx)).toBe(false);
    expect(shouldNotify(message, { ...ticket, queueId: 2 }, ctx)).toBe(false);
    expect(shouldNotify(message, { ...ticket, isGroup: true }, ctx)).toBe(false);
    expect(shouldNotify(message, ticket, { ...ctx, openTicketId: 5 })).toBe(false);
    expect(shouldNotify(message, ticket, { ...ctx, openTicketId: 5, pageVisible: false })).toBe(true);
  });
  it("says the body, without WhatsApp's marks, and the time", () => {
    expect(notificationBody(message)).toBe("Oi - 14:05");
    expect(notificationBody({ ...message, body: "*Urgente:* _hoje_" })).toBe("Urgente: hoje - 14:05");
  });
});

describe("notifications popover (§2.14)", () => {
  it("lists unread tickets, pending ones only with allTicket enabled", () => {
    const list = [
      ticket,
      { ...ticket, id: 6, status: "pending" },
      { ...ticket, id: 8, unreadMessages: 0 },
    ] as TicketDto[];
    expect(popoverTickets(list, me).map((t) => t.id)).toEqual([5]);
    expect(popoverTickets(list, { ...me, allTicket: "enabled" }).map((t) => t.id)).toEqual([5, 6]);
  });
});
