/** The video code of a help, from whatever a person pastes (core-platform §3 Help). */
import { describe, expect, it } from "vitest";
import { youtubeVideoId } from "./helps.js";

describe("youtubeVideoId", () => {
  it.each([
    "dQw4w9WgXcQ",
    " dQw4w9WgXcQ ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared",
  ])("finds the code in %s", (input) => {
    expect(youtubeVideoId(input)).toBe("dQw4w9WgXcQ");
  });

  it.each([
    "",
    "short",
    "dQw4w9WgXcQ-too-long",
    "https://vimeo.com/76979871",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "a b c d e f",
  ])("finds none in %j", (input) => {
    expect(youtubeVideoId(input)).toBeNull();
  });
});
