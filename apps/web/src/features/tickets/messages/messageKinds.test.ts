/** The bubbles of issue 19's kinds: which part draws a message, a poll's count, several cards, names of kinds. */
import type { MessageDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import en from "../../../i18n/en.json";
import es from "../../../i18n/es.json";
import pt from "../../../i18n/pt.json";
import { bodyKind, kindKey, orderMessages, parseVcards, pollTally } from "./messageRules";

const poll = { question: "Sabor?", options: ["Uva", "Pera", "Maçã"], selectableCount: 0, votes: [] };

describe("kinds with details", () => {
  it("draws a poll, an event and a video note from their details, and falls back to the text without them", () => {
    expect(bodyKind({ mediaType: "poll", mediaUrl: null, details: { poll } })).toBe("poll");
    expect(bodyKind({ mediaType: "poll", mediaUrl: null, details: null })).toBe("text");
    const event = {
      name: "Feira",
      description: "",
      startAt: null,
      endAt: null,
      location: "",
      joinLink: "",
      canceled: false,
    };
    expect(bodyKind({ mediaType: "event", mediaUrl: null, details: { event } })).toBe("event");
    expect(bodyKind({ mediaType: "video", mediaUrl: "/v.mp4", details: { videoNote: true } })).toBe("videoNote");
    expect(bodyKind({ mediaType: "video", mediaUrl: "/v.mp4", details: null })).toBe("video");
    expect(bodyKind({ mediaType: "video", mediaUrl: null, details: { videoNote: true } })).toBe("missingFile");
    const notice = { kind: "editUnreadable", reason: "decryption failed" };
    expect(bodyKind({ mediaType: "notice", mediaUrl: null, details: { notice } })).toBe("changeNotice");
    const answer = { kind: "eventResponse", reason: "GOING" };
    expect(bodyKind({ mediaType: "notice", mediaUrl: null, details: { notice: answer } })).toBe("changeNotice");
  });

  it("counts each voter's choice per option, and who voted at all", () => {
    const votes = [
      { voter: "1", options: ["Uva", "Pera"], at: "" },
      { voter: "2", options: ["Uva"], at: "" },
      { voter: "3", options: [], at: "" },
    ];
    expect(pollTally({ ...poll, votes })).toEqual({
      rows: [
        { option: "Uva", votes: 2 },
        { option: "Pera", votes: 1 },
        { option: "Maçã", votes: 0 },
      ],
      voters: 2,
    });
  });

  it("reads every card of a several-contacts message", () => {
    const card = (name: string, tel: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL:${tel}\nEND:VCARD`;
    expect(parseVcards(`${card("Ana", "+55 11 1")}\n${card("Bia", "+55 11 2")}`)).toEqual([
      { name: "Ana", number: "+55 11 1" },
      { name: "Bia", number: "+55 11 2" },
    ]);
  });

  it("leaves out a reaction replaced or taken back, and keeps a deleted message", () => {
    const m = (id: number, mediaType: MessageDto["mediaType"], isDeleted: boolean) =>
      ({ id, mediaType, isDeleted, createdAt: `2026-01-01T10:00:0${id}Z` }) as MessageDto;
    const shown = orderMessages([m(1, "chat", true), m(2, "reactionMessage", true), m(3, "reactionMessage", false)]);
    expect(shown.map((x) => x.id)).toEqual([1, 3]);
  });
});

describe("kind names", () => {
  it("names WhatsApp Web's and the Cloud API's kinds in every language, and leaves a notice's reason as it is", () => {
    expect(kindKey("pollCreationMessageV3")).toBe("messageKinds.pollCreationMessageV3");
    expect(kindKey("contactsArrayMessage: bad shape")).toBeNull();
    expect(pt.messageKinds.pollCreationMessageV3).toBe("enquete");
    expect(pt.messageKinds.eventMessage).toBe("evento");
    expect(pt.messageKinds.poll).toBe("enquete");
    for (const lang of [en, es]) expect(Object.keys(lang.messageKinds)).toEqual(Object.keys(pt.messageKinds));
  });
});
