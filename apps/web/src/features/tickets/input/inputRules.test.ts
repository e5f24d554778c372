import { describe, expect, it } from "vitest";
import {
  isRecordingKept,
  isSendable,
  quickAnswerLabel,
  quickAnswerMatches,
  quickAnswerSearch,
  quickMediaFileName,
  readSignOption,
  recordedAudioName,
  recordingTime,
  sendWasStored,
  signedBody,
} from "./inputRules";

describe("message input (core-platform §2.11, §5)", () => {
  it("never sends empty or whitespace-only text", () => {
    expect(isSendable("  \n ")).toBe(false);
    expect(isSendable(" oi ")).toBe(true);
  });
  it("signs with the user name in bold on its own line", () => {
    expect(signedBody("Olá", "Ana", true)).toBe("*Ana:*\nOlá");
    expect(signedBody("Olá", "Ana", false)).toBe("Olá");
  });
  it("labels quick answers with the shortcode and 35 characters of the message", () => {
    expect(quickAnswerLabel({ shortcode: "oi", message: "Olá!" })).toBe("/oi - Olá!");
    const long = "a".repeat(40);
    expect(quickAnswerLabel({ shortcode: "x", message: long })).toBe(`/x - ${"a".repeat(35)}...`);
  });
  it("suggests quick answers only for text starting with /", () => {
    const list = [{ shortcode: "bomdia" }, { shortcode: "preco" }];
    expect(quickAnswerMatches("/", list)).toHaveLength(2);
    expect(quickAnswerMatches("/PRE", list)).toEqual([{ shortcode: "preco" }]);
    expect(quickAnswerMatches("pre", list)).toEqual([]);
  });
  it("searches the server's quick answers by what follows the '/' (GET /quick-messages/list answers at most 50)", () => {
    expect(quickAnswerSearch("/PRE ")).toBe("pre");
    expect(quickAnswerSearch("/")).toBe("");
    expect(quickAnswerSearch("pre")).toBeNull();
    expect(quickAnswerSearch("/pre\nço")).toBeNull();
  });
  it("names sent files as the spec's client does", () => {
    expect(quickMediaFileName("/api/public/1/ab12.pdf", 1700)).toBe("1700.pdf");
    expect(recordedAudioName(1700)).toBe("audio-record-site-1700.mp3");
  });
  it("discards recordings under 10000 bytes and times them mm:ss", () => {
    expect(isRecordingKept(9999)).toBe(false);
    expect(isRecordingKept(10_000)).toBe(true);
    expect(recordingTime(75)).toBe("01:15");
  });
  it("signs by default", () => {
    expect(readSignOption(undefined)).toBe(true);
    expect(readSignOption("false")).toBe(false);
    expect(readSignOption(false)).toBe(false);
  });
});

describe("a failed send", () => {
  it("clears the box only when the server kept the message to retry", () => {
    expect(sendWasStored("ERR_WAPP_NOT_INITIALIZED")).toBe(true);
    expect(sendWasStored("ERR_SENDING_WAPP_MSG")).toBe(true);
    expect(sendWasStored("ERR_NO_PERMISSION")).toBe(false);
    // A refused upload keeps the files in the preview to send again.
    expect(sendWasStored("ERR_TOO_MANY_UPLOADS")).toBe(false);
    expect(sendWasStored("ERR_TOO_MANY_PARTS")).toBe(false);
    expect(sendWasStored(undefined)).toBe(false);
  });
});
