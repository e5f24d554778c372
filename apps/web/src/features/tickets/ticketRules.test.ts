import type { TicketDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import {
  belongsToList,
  cutName,
  lastMessagePreview,
  queueColor,
  ticketListQuery,
  ticketTime,
  type TicketFilter,
  type Viewer,
} from "./ticketRules";

const agent: Viewer = {
  id: 7,
  profile: "user",
  allTicket: "desabled",
  queues: [{ id: 1, name: "Sales", color: "#f00" }],
};
const admin: Viewer = { ...agent, id: 1, profile: "admin", queues: [] };
const ticket = (over: Partial<TicketDto>) =>
  ({ status: "open", queueId: 1, userId: 7, queue: null, ...over }) as TicketDto;
const open: TicketFilter = { status: "open", showAll: false, queueIds: [1] };

describe("which list a realtime update lands in (§4.1)", () => {
  it("follows the status, the selected queues and show all", () => {
    expect(belongsToList(ticket({}), open, agent)).toBe(true);
    expect(belongsToList(ticket({ status: "pending" }), open, agent)).toBe(false);
    expect(belongsToList(ticket({ queueId: 3, userId: 9 }), { ...open, showAll: true }, admin)).toBe(false);
    expect(belongsToList(ticket({ queueId: 3, userId: 1 }), open, admin)).toBe(true);
    expect(belongsToList(ticket({ queueId: null, userId: 1 }), open, admin)).toBe(true);
    expect(belongsToList(ticket({ userId: 9 }), open, admin)).toBe(false);
    expect(belongsToList(ticket({ userId: 9 }), { ...open, showAll: true }, admin)).toBe(true);
    expect(belongsToList(ticket({ status: "pending", userId: null }), { ...open, status: "pending" }, agent)).toBe(
      true,
    );
  });
  it("keeps whatever a search loaded, whatever its status", () => {
    expect(belongsToList(ticket({ status: "closed", queueId: 5 }), { showAll: true, queueIds: [] }, admin)).toBe(true);
  });
});

describe("list item display (§2.8)", () => {
  // 15:00 on 21/11 on the company's clock (São Paulo, UTC-3), whatever the browser's.
  const now = new Date("2026-11-21T18:00:00Z");
  it("shows HH:mm today, dd/MM/yyyy otherwise (the company's today)", () => {
    expect(ticketTime("2026-11-21T12:05:00.000Z", now)).toBe("09:05");
    expect(ticketTime("2026-11-21T02:59:00.000Z", now)).toBe("20/11/2026");
  });
  it("recognises a location preview and the no-queue colour", () => {
    expect(lastMessagePreview("data:image/png;base64,iVBOR...|https://maps", "Location")).toBe("Location");
    expect(lastMessagePreview("hello", "Location")).toBe("hello");
    expect(queueColor({ queue: null })).toBe("#7C7C7C");
    expect(queueColor({ queue: { id: 1, name: "a", color: "#123456" } })).toBe("#123456");
  });
  it("previews the last message without WhatsApp's marks", () => {
    expect(lastMessagePreview("*Ana Atendente:*\nO prazo é _hoje_ ~ontem~", "Location")).toBe(
      "Ana Atendente:\nO prazo é hoje ontem",
    );
    expect(lastMessagePreview("2 * 3 = 6", "Location")).toBe("2 * 3 = 6");
  });
  it("cuts names to 10 characters on narrow screens only", () => {
    expect(cutName("Maria Aparecida", true)).toBe("Maria Apar...");
    expect(cutName("Maria Aparecida", false)).toBe("Maria Aparecida");
    expect(cutName("Ana", true)).toBe("Ana");
  });
});

describe("GET /tickets query (§7.5)", () => {
  it("sends lists as JSON and show all as text", () => {
    expect(ticketListQuery({ ...open, tags: [3], users: [], searchParam: "" }, 2)).toEqual({
      pageNumber: 2,
      status: "open",
      searchParam: undefined,
      showAll: "false",
      queueIds: "[1]",
      tags: "[3]",
      users: undefined,
    });
  });
});
