import { describe, expect, it } from "vitest";
import {
  contentError,
  itemsFromData,
  newItem,
  nextSeqId,
  pendingUploads,
  toContentData,
  type ContentItem,
} from "./content";

const e = (key: string) => `flowDialogs.errors.${key}`;
const file = (name: string) => new File(["x"], name);

function build(...types: ContentItem["type"][]): ContentItem[] {
  return types.reduce<ContentItem[]>((items, type) => [...items, newItem(type, items)], []);
}

describe("content seq ids (§3)", () => {
  it("numbers each type on its own counter, in the order items are added", () => {
    expect(build("message", "interval", "message", "img", "interval").map((i) => i.number)).toEqual([
      "message0",
      "interval0",
      "message1",
      "img0",
      "interval1",
    ]);
  });
  it("never reuses the id of a removed item", () => {
    expect(nextSeqId("message", ["message0", "message2"])).toBe("message3");
    expect(nextSeqId("audio", ["message0"])).toBe("audio0");
  });
});

describe("content rules (§5)", () => {
  const filled = (items: ContentItem[], values: Record<string, Partial<ContentItem>>) =>
    items.map((i) => ({ ...i, ...values[i.number] }));

  it("refuses an empty block, an empty text, an interval of 0 or over 120, a media card without a file", () => {
    expect(contentError([])).toBe(e("contentEmpty"));
    const items = build("message", "interval", "img");
    expect(contentError(items)).toBe(e("contentText"));
    const texted = filled(items, { message0: { value: "Olá {{nome}}" } });
    expect(contentError(filled(texted, { interval0: { value: "0" } }))).toBe(e("contentInterval"));
    expect(contentError(filled(texted, { interval0: { value: "121" } }))).toBe(e("contentInterval"));
    expect(contentError(filled(texted, { interval0: { value: "" } }))).toBe(e("contentInterval"));
    const timed = filled(texted, { interval0: { value: "5" } });
    expect(contentError(timed)).toBe(e("contentMedia"));
    expect(contentError(filled(timed, { img0: { file: file("a.png") } }))).toBeNull();
    expect(contentError(filled(timed, { img0: { value: "flow/a.png" } }))).toBeNull();
  });
});

describe("content data (§3)", () => {
  it("saves seq in send order and each element as {type, value, number, original, record}", () => {
    const [text, pause, audio, image] = build("message", "interval", "audio", "img");
    const items = [
      { ...text!, value: "Oi" },
      { ...pause!, value: " 7 " },
      { ...audio!, file: file("voz.mp3"), record: true },
      { ...image!, value: "flow/old.jpg", original: "foto.jpg" },
    ];
    expect(pendingUploads(items).map((i) => i.number)).toEqual(["audio0"]);
    expect(toContentData(items, new Map([["audio0", "flow/123-voz.mp3"]]))).toEqual({
      seq: ["message0", "interval0", "audio0", "img0"],
      elements: [
        { type: "message", number: "message0", value: "Oi" },
        { type: "interval", number: "interval0", value: "7" },
        { type: "audio", number: "audio0", value: "flow/123-voz.mp3", original: "voz.mp3", record: true },
        { type: "img", number: "img0", value: "flow/old.jpg", original: "foto.jpg" },
      ],
    });
  });
  it("reads a saved node back in seq order, whatever the elements' order", () => {
    const saved = {
      seq: ["interval0", "message0"],
      elements: [
        { type: "message", number: "message0", value: "Oi" },
        { type: "interval", number: "interval0", value: "3" },
        { type: "bogus", number: "bogus0", value: "" },
      ],
    };
    const items = itemsFromData(saved);
    expect(items.map((i) => [i.number, i.value])).toEqual([
      ["interval0", "3"],
      ["message0", "Oi"],
    ]);
    expect(toContentData(items)).toEqual({ seq: saved.seq, elements: [saved.elements[1], saved.elements[0]] });
    expect(itemsFromData(undefined)).toEqual([]);
  });
});
