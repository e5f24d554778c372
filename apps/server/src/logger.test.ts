/** Log lines a person can read at a terminal, JSON for everything else (issue 10, item 8). */
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { createLogger, logFormat } from "./logger.js";

function capture(format: "pretty" | "json" | undefined) {
  const lines: string[] = [];
  const log = createLogger(
    { LOG_LEVEL: "info", LOG_FORMAT: format },
    { write: (line: string) => void lines.push(line) },
  );
  log.info({ ticketId: 7 }, "ticket opened");
  return lines.join("");
}

describe("log format", () => {
  it("is readable at a terminal and JSON in a pipe, a file or CI, unless LOG_FORMAT says", () => {
    expect(logFormat(undefined, true)).toBe("pretty");
    expect(logFormat(undefined, false)).toBe("json");
    expect(logFormat("json", true)).toBe("json");
    expect(logFormat("pretty", false)).toBe("pretty");
  });

  it("LOG_FORMAT=pretty writes readable lines, JSON otherwise", () => {
    const readable = capture("pretty");
    expect(readable).toMatch(/^\[\d\d:\d\d:\d\d\] INFO \(\d+\): ticket opened\n {4}ticketId: 7\n$/);
    const json = JSON.parse(capture(undefined));
    expect(json).toMatchObject({ level: 30, msg: "ticket opened", ticketId: 7 });
    expect(JSON.parse(capture("json"))).toMatchObject({ msg: "ticket opened" });
  });

  it("refuses an unknown LOG_FORMAT at start", () => {
    expect(loadConfig({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});
