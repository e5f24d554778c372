/**
 * The walker's rules (walker.ts), which the runtime and the simulator share: outputs by source and
 * sourceHandle whatever the arrays' order, the one-output edge with a null handle, a content block
 * resumed after its interval, the condition operators, the randomizer's draw, replies to a run that
 * does not wait, and a graph without a start.
 */
import type { FlowGraph, FlowNode } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { conditionHolds } from "./variables.js";
import { replyToFlow, resumeFlow, startFlow, type WalkOptions } from "./walker.js";

const at = (random: number): WalkOptions => ({ random: () => random, render: (text) => text });
const n = (id: string, type: FlowNode["type"], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
});
const e = (source: string, target: string, sourceHandle: string | null = "a") => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});
const texts = (walk: ReturnType<typeof startFlow>) => walk.actions.flatMap((a) => (a.type === "text" ? [a.body] : []));

describe("the walker", () => {
  it("follows the output's edge, not the arrays' order; a null handle is a one-output node's edge", () => {
    const graph: FlowGraph = {
      nodes: [
        n("r", "randomizer", { percent: 30 }),
        n("b", "message", { label: "B" }),
        n("1", "start"),
        n("a", "message", { label: "A" }),
      ],
      connections: [e("r", "b", "b"), e("1", "r", null), e("r", "a", "a")],
    };
    expect(texts(startFlow(graph, at(0.29)))).toEqual(["A"]);
    expect(texts(startFlow(graph, at(0.3)))).toEqual(["B"]);
  });

  it("pauses a content block at its interval and resumes with its next item, then its edge", () => {
    const graph: FlowGraph = {
      nodes: [
        n("1", "start"),
        n("c", "singleBlock", {
          seq: ["message0", "interval0", "message1"],
          elements: [
            { type: "interval", value: "7", number: "interval0" },
            { type: "message", value: "depois", number: "message1" },
            { type: "message", value: "antes", number: "message0" },
          ],
        }),
        n("m", "message", { label: "fim" }),
      ],
      connections: [e("1", "c"), e("c", "m")],
    };
    const first = startFlow(graph, at(0));
    expect(first.actions).toEqual([
      { type: "text", body: "antes" },
      { type: "delay", seconds: 7 },
    ]);
    expect(first.state).toMatchObject({ nodeId: "c", waiting: false, at: 2 });
    // A reply meanwhile moves nothing.
    expect(replyToFlow(graph, first.state!, "oi", at(0))).toEqual({ actions: [], state: first.state });
    const rest = resumeFlow(graph, first.state!, at(0));
    expect(texts(rest)).toEqual(["depois", "fim"]);
    expect(rest.actions.at(-1)).toEqual({ type: "end" });
    expect(rest.state).toBeNull();
  });

  it("counts the nodes walked across delays and stops past the limit", () => {
    const graph: FlowGraph = {
      nodes: [n("1", "start"), n("w", "interval", { sec: 1 }), n("m", "message", { label: "x" })],
      connections: [e("1", "w"), e("w", "m"), e("m", "w")],
    };
    let walk = startFlow(graph, at(0));
    let delays = 0;
    while (walk.state) {
      delays++;
      walk = resumeFlow(graph, walk.state, at(0));
    }
    expect(walk.actions.at(-1)).toEqual({ type: "stopped" });
    // start, then interval + message pairs: 50 nodes walked.
    expect(delays).toBe(25);
  });

  it("a graph without a start, or a node gone from under a run, ends the run", () => {
    expect(startFlow({ nodes: [], connections: [] }, at(0))).toEqual({ actions: [{ type: "end" }], state: null });
    const state = { nodeId: "gone", waiting: true, at: 0, variables: {}, walked: 0 };
    expect(replyToFlow({ nodes: [], connections: [] }, state, "1", at(0)).state).toBeNull();
  });

  it("conditions: equals and contains ignore case, greater and less compare numbers, empty", () => {
    const answers = { nome: " Ana ", qtd: "10,5", vazio: "" };
    expect(conditionHolds(answers, "nome", "equals", "ana")).toBe(true);
    expect(conditionHolds(answers, "nome", "contains", "AN")).toBe(true);
    expect(conditionHolds(answers, "qtd", "greater", "10")).toBe(true);
    expect(conditionHolds(answers, "qtd", "less", "10")).toBe(false);
    expect(conditionHolds(answers, "nome", "greater", "1")).toBe(false);
    expect(conditionHolds(answers, "vazio", "empty", "")).toBe(true);
    expect(conditionHolds(answers, "ausente", "empty", "")).toBe(true);
    expect(conditionHolds(answers, "nome", "unknown", "x")).toBe(false);
  });
});
