import { describe, expect, it } from "vitest";
import { formatMoney, noticeKey, safeLink } from "./detailRules";

describe("message details (issue 19 item 3)", () => {
  it("writes prices in the agent's language, and an unknown currency code as WhatsApp sent it", () => {
    expect(formatMoney(40.1, "BRL", "pt-BR")).toBe("R$\u00a040,10");
    expect(formatMoney(19.9, "USD", "en")).toBe("$19.90");
    expect(formatMoney(5, "not a code", "pt-BR")).toBe("5 not a code");
  });
  it("links an ad only to http(s) addresses", () => {
    expect(safeLink("https://fb.me/3cr4Wqqkv")).toBe("https://fb.me/3cr4Wqqkv");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("not a url")).toBeNull();
    expect(safeLink("")).toBeNull();
  });
  it("words number changes itself and any other notice with WhatsApp's words", () => {
    expect(noticeKey({ kind: "numberChange", reason: "", from: "1", to: "2" })).toBe(
      "messageDetails.notice.numberChange",
    );
    expect(noticeKey({ kind: "numberChangeKept", reason: "", from: "1", to: "2" })).toBe(
      "messageDetails.notice.numberChangeKept",
    );
    // Without the new number there is nothing to say but WhatsApp's text.
    expect(noticeKey({ kind: "numberChange", reason: "User changed", from: "1" })).toBe("messageDetails.notice.other");
    expect(noticeKey({ kind: "user_changed_user_id", reason: "x" })).toBe("messageDetails.notice.other");
  });
});
