import { describe, expect, it } from "vitest";
import { flowBuilder, type FlowGraph } from "@balcao/contracts";
import { graphSignature, startNode, toCanvas, toGraph } from "./graph";
import { addNode, deleteNode, duplicateNode, duplicatePosition, newNodePosition, replaceData } from "./placement";
import { highlightOnly, nodeStyles } from "./styles";
import type { CanvasEdge, CanvasNode } from "./types";
import { addVariable, readVariables, rebuildVariables, replaceVariable, writeVariables } from "./variables";
import { flowWarnings } from "./warnings";

const node = (id: string, type: CanvasNode["type"], x: number, y: number, data = {}, width = 200): CanvasNode => ({
  id,
  type,
  position: { x, y },
  data,
  width,
});
const edge = (source: string, target: string, sourceHandle: string | null = "a"): CanvasEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
  targetHandle: null,
  type: "buttonedge",
});
const question = (id: string, answerKey: string) =>
  node(id, "question", 0, 0, { typebotIntegration: { message: "Qual seu nome?", answerKey } });

describe("loading and saving", () => {
  it("gives an empty or never-saved flow the start node at (250, 100)", () => {
    for (const graph of [null, { nodes: [], connections: [] }]) {
      const { nodes, edges } = toCanvas(graph);
      expect(nodes).toEqual([
        { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
      ]);
      expect(edges).toEqual([]);
    }
  });

  it("saves style, selected, width and the edges' handles exactly as loaded", () => {
    const graph: FlowGraph = {
      nodes: [
        {
          id: "1",
          type: "start",
          position: { x: 250, y: 100 },
          data: { label: "Inicio do fluxo" },
          style: nodeStyles.highlight,
          selected: true,
          width: 233,
        },
        {
          id: "m",
          type: "menu",
          position: { x: 520, y: 100 },
          data: { message: "Escolha", arrayOption: [{ number: 1, value: "Pizza" }] },
          style: nodeStyles.duplicate,
          selected: false,
          width: 250,
        },
      ],
      connections: [
        { id: "e1", source: "1", target: "m", sourceHandle: "a", targetHandle: null, type: "buttonedge" },
        { id: "e2", source: "m", target: "1", sourceHandle: "a1", targetHandle: null, type: "buttonedge" },
      ],
    };
    const { nodes, edges } = toCanvas(graph);
    expect(toGraph(nodes, edges)).toEqual(graph);
  });

  it("draws an edge saved without a type as a buttonedge with null handles", () => {
    const { edges } = toCanvas({
      nodes: [startNode()],
      connections: [{ id: "x", source: "1", target: "2" }],
    });
    expect(edges[0]).toMatchObject({ type: "buttonedge", sourceHandle: null, targetHandle: null });
  });

  it("saves a new node with the width the canvas measured", () => {
    const fresh: CanvasNode = {
      id: "n",
      type: "message",
      position: { x: 1, y: 2 },
      data: { label: "Oi" },
      measured: { width: 210, height: 80 },
    };
    expect(toGraph([fresh], []).nodes[0]).toEqual({
      ...{ id: "n", type: "message", position: { x: 1, y: 2 }, data: { label: "Oi" } },
      style: {},
      selected: false,
      width: 210,
    });
  });

  it("counts moves, data and edges as unsaved changes, but not a click or a measure", () => {
    const nodes = [node("1", "start", 250, 100), node("a", "message", 500, 100, { label: "Oi" })];
    const before = graphSignature(nodes, []);
    expect(
      graphSignature(
        highlightOnly(nodes, "a").map((n) => ({ ...n, selected: true, width: 300 })),
        [],
      ),
    ).toBe(before);
    expect(graphSignature([nodes[0]!, { ...nodes[1]!, position: { x: 510, y: 100 } }], [])).not.toBe(before);
    expect(graphSignature(replaceData(nodes, "a", { label: "Olá" }), [])).not.toBe(before);
    expect(graphSignature(nodes, [edge("1", "a")])).not.toBe(before);
  });
});

describe("placement and card actions", () => {
  const nodes = [
    node("1", "start", 250, 100, {}, 220),
    node("b", "message", 900, 300),
    node("c", "interval", 600, 400, {}, 180),
  ];

  it("puts a new node right of the last one: its x + its width + 40, same y", () => {
    expect(newNodePosition(nodes)).toEqual({ x: 600 + 180 + 40, y: 400 });
    const added = addNode(nodes, "message", { label: "Oi" }, "new");
    expect(added.at(-1)).toEqual({ id: "new", type: "message", position: { x: 820, y: 400 }, data: { label: "Oi" } });
  });

  it("places the first node of an empty canvas at (250, 100)", () => {
    expect(newNodePosition([])).toEqual(flowBuilder.startPosition);
  });

  it("replaces the start node when a start block is added, so there is one node '1'", () => {
    const added = addNode(nodes, "start", {});
    expect(added.filter((n) => n.id === "1")).toHaveLength(1);
    expect(added.at(-1)).toMatchObject({
      id: "1",
      type: "start",
      position: { x: 820, y: 400 },
      data: { label: "Inicio do fluxo" },
    });
    expect(added.map((n) => n.id)).toEqual(["b", "c", "1"]);
  });

  it("duplicates at the greatest x + 240 and the last node's y, unselected, grey, with a new id", () => {
    expect(duplicatePosition(nodes)).toEqual({ x: 1140, y: 400 });
    const selected = nodes.map((n) => ({ ...n, selected: true }));
    const copy = duplicateNode(selected, "b", "copy").at(-1)!;
    expect(copy).toMatchObject({
      id: "copy",
      type: "message",
      position: { x: 1140, y: 400 },
      selected: false,
      style: nodeStyles.duplicate,
    });
    copy.data.label = "changed";
    expect(selected[1]!.data.label).toBeUndefined();
  });

  it("never duplicates the start node", () => {
    expect(duplicateNode(nodes, "1")).toBe(nodes);
  });

  it("deletes a node with every edge into or out of it", () => {
    const edges = [edge("1", "b"), edge("b", "c"), edge("1", "c")];
    expect(deleteNode(nodes, edges, "b")).toEqual({ nodes: [nodes[0], nodes[2]], edges: [edges[2]] });
  });

  it("highlights the clicked node and clears the others' highlight; an edge click clears all", () => {
    const grey = { ...nodes[2]!, style: nodeStyles.duplicate };
    const lit = highlightOnly([nodes[0]!, nodes[1]!, grey], "b");
    expect(lit.map((n) => n.style)).toEqual([undefined, nodeStyles.highlight, nodeStyles.duplicate]);
    const moved = highlightOnly(lit, "1");
    expect(moved.map((n) => n.style)).toEqual([nodeStyles.highlight, nodeStyles.normal, nodeStyles.duplicate]);
    // A saved highlight (a copy of the style, from the server) is cleared too.
    const loaded = highlightOnly([{ ...nodes[0]!, style: { ...nodeStyles.highlight } }], null);
    expect(loaded[0]!.style).toEqual(nodeStyles.normal);
    expect(highlightOnly(moved, null).map((n) => n.style)).toEqual([
      nodeStyles.normal,
      nodeStyles.normal,
      nodeStyles.duplicate,
    ]);
  });
});

describe("flow variables", () => {
  it("rebuilds the list from every question node, once each", () => {
    const nodes = [
      node("1", "start", 0, 0),
      question("q1", "nome"),
      node("m", "message", 0, 0, { label: "x" }),
      question("q2", "cidade"),
      question("q3", "nome"),
    ];
    expect(rebuildVariables(nodes)).toEqual(["nome", "cidade"]);
  });

  it("adds a created question's key once, and swaps an edited one's old key for the new", () => {
    expect(addVariable(["nome"], "nome")).toEqual(["nome"]);
    expect(addVariable(["nome"], "cidade")).toEqual(["nome", "cidade"]);
    expect(replaceVariable(["nome", "cidade"], "nome", "apelido")).toEqual(["cidade", "apelido"]);
  });

  it("keeps the list in the browser under `variables` as a JSON array", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    writeVariables(["nome", "cidade"], storage);
    expect(store.get("variables")).toBe('["nome","cidade"]');
    expect(readVariables(storage)).toEqual(["nome", "cidade"]);
    store.set("variables", "not json");
    expect(readVariables(storage)).toEqual([]);
  });
});

describe("warnings", () => {
  const menu = node("m", "menu", 0, 0, {
    message: "Escolha",
    arrayOption: [
      { number: 1, value: "Pizza" },
      { number: 2, value: "Suco" },
    ],
  });
  const random = node("r", "randomizer", 0, 0, { percent: 30 });

  it("lists the blocks the start does not reach", () => {
    const nodes = [
      node("1", "start", 0, 0),
      node("a", "message", 0, 0),
      node("b", "message", 0, 0),
      node("c", "message", 0, 0),
    ];
    expect(flowWarnings(nodes, [edge("1", "a"), edge("c", "b")])).toEqual([
      { kind: "unreachable", nodeId: "b", type: "message" },
      { kind: "unreachable", nodeId: "c", type: "message" },
    ]);
  });

  it("lists menu options and randomizer branches without an edge", () => {
    const end = node("t", "ticket", 0, 0);
    const edges = [edge("1", "m"), edge("m", "r", "a2"), edge("r", "t", "a")];
    expect(flowWarnings([node("1", "start", 0, 0), menu, random, end], edges)).toEqual([
      { kind: "openOutput", nodeId: "m", type: "menu", handle: "a1" },
      { kind: "openOutput", nodeId: "r", type: "randomizer", handle: "b" },
    ]);
  });

  it("says nothing about a flow whose every block and branch is connected", () => {
    const edges = [
      edge("1", "m"),
      edge("m", "r", "a1"),
      edge("m", "r", "a2"),
      edge("r", "1", "a"),
      edge("r", "1", "b"),
    ];
    expect(flowWarnings([node("1", "start", 0, 0), menu, random], edges)).toEqual([]);
  });

  it("warns when the flow has no start block", () => {
    expect(flowWarnings([node("a", "message", 0, 0)], [])).toEqual([{ kind: "noStart" }]);
  });
});
