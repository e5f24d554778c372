import { describe, expect, it } from "vitest";
import { emptySim, simAnswered, simRequest } from "./simulator";

describe("the simulator's conversation", () => {
  it("sends every message typed so far and shows only the replies past those on screen", () => {
    expect(simRequest(emptySim)).toEqual({ messages: [] });
    const menu = { type: "text" as const, body: "Escolha:\n[1] Pizza" };
    const opened = simAnswered(emptySim, undefined, {
      replies: [{ type: "text", body: "Olá!" }, menu],
      waitingAt: "m",
    });
    expect(opened.lines).toEqual([
      { from: "flow", reply: { type: "text", body: "Olá!" } },
      { from: "flow", reply: menu },
    ]);
    expect(simRequest(opened, "xyz")).toEqual({ messages: [{ from: "customer", body: "xyz" }] });
    // An answer the menu does not know repeats it: the same text again is new.
    const repeated = simAnswered(opened, "xyz", {
      replies: [{ type: "text", body: "Olá!" }, menu, menu],
      waitingAt: "m",
    });
    expect(repeated.lines.slice(2)).toEqual([
      { from: "customer", body: "xyz" },
      { from: "flow", reply: menu },
    ]);
    expect(simRequest(repeated, "1").messages.map((m) => m.body)).toEqual(["xyz", "1"]);
    const done = simAnswered(repeated, "1", {
      replies: [{ type: "text", body: "Olá!" }, menu, menu, { type: "handoff", body: "Typebot" }],
      waitingAt: null,
    });
    expect(done.lines.slice(4)).toEqual([
      { from: "customer", body: "1" },
      { from: "flow", reply: { type: "handoff", body: "Typebot" } },
    ]);
    expect(done.waitingAt).toBeNull();
  });
});
