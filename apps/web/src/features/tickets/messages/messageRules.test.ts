import type { MessageDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import {
  ackKind,
  bodyKind,
  buildRows,
  deleteScopeOf,
  orderMessages,
  parseLocation,
  parseVcard,
  textParts,
  unsupportedNoticeKey,
} from "./messageRules";

const msg = (id: number, ticketId: number, createdAt: Date) =>
  ({ id, ticketId, createdAt: createdAt.toISOString(), mediaType: "chat", mediaUrl: null }) as MessageDto;

describe("message list rows (core-platform §2.10)", () => {
  it("puts a day separator whenever the day changes and ended/started when the ticket changes", () => {
    const rows = buildRows([
      msg(1, 10, new Date(2026, 0, 1, 10, 0)),
      msg(2, 10, new Date(2026, 0, 1, 11, 0)),
      msg(3, 11, new Date(2026, 0, 2, 9, 30)),
    ]);
    expect(rows.map((r) => (r.kind === "message" ? r.message.id : r.kind === "day" ? r.label : "change"))).toEqual([
      "01/01/2026",
      1,
      2,
      "change",
      "02/01/2026",
      3,
    ]);
    const change = rows[3];
    expect(change?.kind === "ticketChange" && [change.endedAt, change.startedAt]).toEqual([
      new Date(2026, 0, 1, 11, 0).toISOString(),
      new Date(2026, 0, 2, 9, 30).toISOString(),
    ]);
  });
  it("orders oldest first and keeps one copy of each message", () => {
    const a = msg(1, 1, new Date(2026, 0, 1));
    const b = msg(2, 1, new Date(2026, 0, 2));
    expect(orderMessages([b, a, b]).map((m) => m.id)).toEqual([1, 2]);
  });
});

describe("message kinds", () => {
  it("parses a location body with an optional description and line breaks", () => {
    expect(parseLocation("https://img|https://maps?q=1|Rua A\\nCentro")).toEqual({
      imageUrl: "https://img",
      link: "https://maps?q=1",
      description: "Rua A\nCentro",
    });
    expect(parseLocation("https://img|https://maps").description).toBe("");
  });
  it("maps acks to the §4.2 icons", () => {
    expect([1, 2, 3, 4, 5].map((a) => ackKind(a as 1))).toEqual(["pending", "sent", "delivered", "read", "read"]);
  });
  it("renders media by type, anything else with a file as a download", () => {
    expect(bodyKind({ mediaType: "image", mediaUrl: "/api/public/x.jpg" })).toBe("image");
    expect(bodyKind({ mediaType: "application", mediaUrl: "/api/public/x.pdf" })).toBe("file");
    expect(bodyKind({ mediaType: "call_log", mediaUrl: null })).toBe("callLog");
    expect(bodyKind({ mediaType: "locationMessage", mediaUrl: null })).toBe("location");
    expect(bodyKind({ mediaType: "chat", mediaUrl: null })).toBe("text");
    expect(bodyKind({ mediaType: "unsupported", mediaUrl: null })).toBe("unsupported");
    expect(bodyKind({ mediaType: "notice", mediaUrl: null })).toBe("notice");
  });
  it("draws an order's card from its details, and its body's summary without them", () => {
    const order = { catalogId: "1", items: [], total: null, note: "" };
    expect(bodyKind({ mediaType: "order", mediaUrl: null, details: { order } })).toBe("order");
    expect(bodyKind({ mediaType: "order", mediaUrl: null, details: null })).toBe("text");
  });
  it("words view-once media's notice on its own and names any other unsupported kind", () => {
    expect(unsupportedNoticeKey("viewOnce")).toBe("messagesList.viewOnce");
    expect(unsupportedNoticeKey("pollCreationMessageV3")).toBe("messagesList.unsupported");
  });
  it("tells a file message whose file was not kept (over the size limit, unreadable) from a text", () => {
    for (const mediaType of ["image", "audio", "video", "application", "document"] as const) {
      expect(bodyKind({ mediaType, mediaUrl: null }), mediaType).toBe("missingFile");
    }
  });
  it("reads a vCard's name and number", () => {
    expect(parseVcard("BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL:+55 11 91234-5678\nEND:VCARD")).toEqual({
      name: "Ana Souza",
      number: "+55 11 91234-5678",
    });
  });
});

describe("WhatsApp text marks", () => {
  it("splits bold, italic and strike", () => {
    expect(textParts("*Ana:*\nOlá _tudo_ ~bem~?")).toEqual([
      { text: "Ana:", style: "bold" },
      { text: "\nOlá " },
      { text: "tudo", style: "italic" },
      { text: " " },
      { text: "bem", style: "strike" },
      { text: "?" },
    ]);
    expect(textParts("2 * 3 = 6")).toEqual([{ text: "2 * 3 = 6" }]);
  });
});

describe("deleting one's own message (issue 30 item 2)", () => {
  const on = (provider: "beta" | "cloud" | null, wid: string | null) => ({
    wid,
    ticket: { id: 1, uuid: "u", whatsapp: provider ? { name: "Loja", provider } : null },
  });
  it("deletes for everyone on WhatsApp Web; hides for the team what the Cloud API (or no connection) cannot delete", () => {
    expect(deleteScopeOf(on("beta", "ABC"))).toBe("everyone");
    expect(deleteScopeOf(on("cloud", "wamid.1"))).toBe("team");
    expect(deleteScopeOf(on(null, "ABC"))).toBe("team");
    // Never sent: nobody else has it, so it is deleted.
    expect(deleteScopeOf(on("cloud", null))).toBe("everyone");
  });
});
