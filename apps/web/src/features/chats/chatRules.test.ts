import type { ChatDto, ChatMessageDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { chatFormSchema, firstAlert, toChatForm } from "./chatForm";
import { chatDate, chatLine, conversationOf, hasUnreadChats, isSendable, messageTime, sendsOnKey } from "./chatRules";

const chat = (users: [number, number][], extra: Partial<ChatDto> = {}): ChatDto => ({
  id: 1,
  uuid: "u",
  title: "Escala",
  ownerId: 7,
  companyId: 1,
  lastMessage: "",
  createdAt: "2030-01-02T10:00:00.000Z",
  updatedAt: "2030-01-02T10:00:00.000Z",
  users: users.map(([userId, unreads]) => ({ userId, unreads, user: { id: userId, name: `User ${userId}` } })),
  ...extra,
});
const message = (id: number): ChatMessageDto => ({
  id,
  chatId: 1,
  senderId: 7,
  sender: { id: 7, name: "Ana" },
  message: `m${id}`,
  createdAt: "2030-01-02T10:00:00.000Z",
});

describe("chat rules", () => {
  // On the company's clock (São Paulo, UTC-3), whatever the browser's.
  it("dates the popover and list as DD/MM/YYYY HH:mm and a list line as '<updatedAt>: <lastMessage>'", () => {
    const local = "2030-01-02T12:05:00.000Z";
    expect(chatDate(local)).toBe("02/01/2030 09:05");
    expect(chatLine({ updatedAt: local, lastMessage: "Bom dia" })).toBe("02/01/2030 09:05: Bom dia");
    expect(chatLine({ updatedAt: local, lastMessage: "" })).toBe("02/01/2030 09:05");
  });

  it("shows a bubble's time alone today and with its date on other days", () => {
    const at = "2030-01-02T17:30:00.000Z";
    expect(messageTime(at, new Date("2030-01-03T02:00:00Z"))).toBe("14:30"); // still the 2nd in São Paulo
    expect(messageTime(at, new Date("2030-01-03T11:00:00Z"))).toBe("02/01/2030 14:30");
  });

  it("lights the dot only for the current user's own unreads", () => {
    const chats = [
      chat([
        [7, 0],
        [8, 3],
      ]),
    ];
    expect(hasUnreadChats(chats, 7)).toBe(false);
    expect(hasUnreadChats(chats, 8)).toBe(true);
    expect(hasUnreadChats(chats, undefined)).toBe(false);
  });

  it("sends only non-blank text, on Enter without Shift and outside an IME composition", () => {
    expect(isSendable(" \n\t")).toBe(false);
    expect(isSendable(" oi ")).toBe(true);
    expect(sendsOnKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: "a", shiftKey: false })).toBe(false);
  });

  it("puts the pages together oldest first, each message once", () => {
    const newest = [message(4), message(5), message(6)];
    const older = [message(2), message(3), message(4)];
    expect(conversationOf([newest, older]).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe("chat form", () => {
  it("refuses a missing title, then missing users, with the spec's alerts", () => {
    const errors = (values: unknown) => {
      const result = chatFormSchema.safeParse(values);
      const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], { message: i.message }]));
      return firstAlert(byField);
    };
    expect(errors({ title: "  ", users: [] })).toBe("chat.toasts.fillTitle");
    expect(errors({ title: "Escala", users: [] })).toBe("chat.toasts.fillUser");
    expect(errors({ title: "Escala", users: [{ id: 2, name: "Bia" }] })).toBeUndefined();
  });

  it("edits a chat with the other members in the picker (the owner is one anyway)", () => {
    expect(
      toChatForm(
        chat([
          [7, 0],
          [8, 1],
        ]),
      ),
    ).toEqual({ title: "Escala", users: [{ id: 8, name: "User 8" }] });
  });
});
