import { describe, expect, it } from "vitest";
import { compressionType, smallerOf } from "./compress";
import { acceptFor, checkFlowMedia, contentMediaKind, fileExtension } from "./formats";
import { flowMediaPath, matchStoredNames } from "./upload";

const MB = 1024 * 1024;

describe("media formats and sizes (§5)", () => {
  it("takes png/jpg/jpeg up to 2 MB for images", () => {
    expect(checkFlowMedia("img", { name: "Foto.JPG", size: 2 * MB })).toBeNull();
    expect(checkFlowMedia("img", { name: "a.png", size: 2 * MB + 1 })).toEqual({
      key: "flowDialogs.errors.tooLarge",
      params: { mb: 2 },
    });
    expect(checkFlowMedia("img", { name: "a.gif", size: 10 })?.key).toBe("flowDialogs.errors.format");
  });
  it("takes ogg/mp3 up to 5 MB for audio, opus too inside the content block", () => {
    expect(checkFlowMedia("audio", { name: "a.mp3", size: 5 * MB + 1 })?.params).toEqual({ mb: 5 });
    expect(checkFlowMedia("audio", { name: "a.opus", size: 10 })?.key).toBe("flowDialogs.errors.format");
    expect(checkFlowMedia(contentMediaKind("audio"), { name: "a.opus", size: 10 })).toBeNull();
  });
  it("takes mp4 only up to 20 MB for video", () => {
    expect(checkFlowMedia("video", { name: "a.mov", size: 10 })?.key).toBe("flowDialogs.errors.format");
    expect(checkFlowMedia("video", { name: "a.mp4", size: 20 * MB + 1 })?.params).toEqual({ mb: 20 });
    expect(checkFlowMedia("video", { name: "a.mp4", size: 20 * MB })).toBeNull();
  });
  it("reads extensions and builds the picker's accept list", () => {
    expect(fileExtension("a.b.JPEG")).toBe("jpeg");
    expect(fileExtension("noext")).toBe("");
    expect(acceptFor("img")).toBe(".png,.jpg,.jpeg");
  });
});

describe("image compression decision (§7: quality 0.7)", () => {
  it("encodes JPEGs again as JPEG and PNGs as PNG; nothing else", () => {
    expect(compressionType("a.jpg")).toBe("image/jpeg");
    expect(compressionType("a.JPEG")).toBe("image/jpeg");
    expect(compressionType("a.png")).toBe("image/png");
    expect(compressionType("a.mp3")).toBeNull();
  });
  it("sends the compressed image only when it came out smaller", () => {
    const original = { size: 1000, id: "original" };
    expect(smallerOf(original, { size: 400, id: "compressed" }).id).toBe("compressed");
    expect(smallerOf(original, { size: 1200, id: "compressed" }).id).toBe("original");
    expect(smallerOf(original, null).id).toBe("original");
  });
});

describe("content uploads (§7)", () => {
  it("matches the stored names to the items by extension, in order", () => {
    const matched = matchStoredNames(
      [
        { number: "img0", fileName: "a.jpg" },
        { number: "audio0", fileName: "b.MP3" },
        { number: "img1", fileName: "c.jpg" },
      ],
      ["flow/1-b.mp3", "flow/2-a.jpg", "flow/3-c.jpg"],
    );
    expect([...matched]).toEqual([
      ["img0", "flow/2-a.jpg"],
      ["audio0", "flow/1-b.mp3"],
      ["img1", "flow/3-c.jpg"],
    ]);
  });
  it("fails when a file has no stored name (nothing is saved)", () => {
    expect(() => matchStoredNames([{ number: "video0", fileName: "v.mp4" }], ["x.jpg"])).toThrow();
  });
  it("fetches a stored name under /public", () => {
    expect(flowMediaPath("company1/flow/a.jpg")).toBe("/public/company1/flow/a.jpg");
    expect(flowMediaPath("/public/a.jpg")).toBe("/public/a.jpg");
    expect(flowMediaPath("public/a.jpg")).toBe("/public/a.jpg");
  });
});
