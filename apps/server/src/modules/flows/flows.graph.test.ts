/**
 * POST /flowbuilder/flow (issue 18 "The saved graph" and item 3): the graph kept exactly as drawn,
 * every rule of the server's check refused with 400 {error: "ERR_FLOW_INVALID", nodeId} and nothing
 * changed, and a save that removes the node a run stands on ending that run (the keys of AI and
 * Typebot blocks: flows.keys.test.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets } from "../../db/schema/index.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import {
  edge,
  loadGraph,
  MP4,
  node,
  OGG,
  sampleGraph,
  saveGraph,
  startNode,
  storedMedia,
} from "../../../test/flow-graphs.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { aiNode, tenantWithFlow, typebotNode } from "../../../test/flow-blocks.js";
import { PNG } from "../../../test/sample-files.js";

let s: TestServer;
serverPerFile((started) => (s = started));

describe("the saved graph", () => {
  it("is kept exactly as sent: style, selected, width, edge type and every node kind's data", async () => {
    const t = await tenantWithFlow(s);
    const img = await storedMedia(s, t.admin.token, "img", "foto.png", PNG);
    const audio = await storedMedia(s, t.admin.token, "audio", "voz.ogg", OGG);
    const video = await storedMedia(s, t.admin.token, "audio", "clipe.mp4", MP4);
    const base = sampleGraph(t.queue.id);
    const graph = {
      nodes: [
        ...base.nodes,
        node("imgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "img", { url: img }),
        node("audAAAAAAAAAAAAAAAAAAAAAAAAAAA", "audio", { url: audio, record: true }),
        node("vidAAAAAAAAAAAAAAAAAAAAAAAAAAA", "video", { url: video }),
        node("rndAAAAAAAAAAAAAAAAAAAAAAAAAAA", "randomizer", { percent: 30 }),
        node("cntAAAAAAAAAAAAAAAAAAAAAAAAAAA", "singleBlock", {
          seq: ["message0", "interval0", "img0"],
          elements: [
            { type: "message", value: "Olá {{pedido}}", number: "message0" },
            { type: "interval", value: "3", number: "interval0" },
            { type: "img", value: img, number: "img0", original: "foto.png" },
          ],
        }),
        typebotNode("tbAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      ],
      connections: [
        ...base.connections,
        edge("waitAAAAAAAAAAAAAAAAAAAAAAAAAA", "imgAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        edge("imgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "rndAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        edge("rndAAAAAAAAAAAAAAAAAAAAAAAAAAA", "audAAAAAAAAAAAAAAAAAAAAAAAAAAA", "a"),
        edge("rndAAAAAAAAAAAAAAAAAAAAAAAAAAA", "vidAAAAAAAAAAAAAAAAAAAAAAAAAAA", "b"),
        edge("vidAAAAAAAAAAAAAAAAAAAAAAAAAAA", "cntAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        edge("cntAAAAAAAAAAAAAAAAAAAAAAAAAAA", "tbAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      ],
    };
    const res = await saveGraph(s, t.admin.token, t.flow.id, graph);
    expect(res.statusCode).toBe(200);
    const loaded = await loadGraph(s, t.admin.token, t.flow.id);
    expect(loaded).toEqual({ flow: { id: t.flow.id, name: "Boas-vindas", active: true, flow: graph } });
    expect(res.json()).toEqual(loaded);
  });
});

/** [what is wrong, the node the answer names, how to break the sample graph]. */
type Breaker = (g: { nodes: any[]; connections: any[] }, queueId: number) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- graphs as a client may send them
const find = (g: Parameters<Breaker>[0], id: string) => g.nodes.find((n) => n.id === id);
const menuId = "menuAAAAAAAAAAAAAAAAAAAAAAAAAA";
const askId = "askAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const waitId = "waitAAAAAAAAAAAAAAAAAAAAAAAAAA";
const condId = "condAAAAAAAAAAAAAAAAAAAAAAAAAA";
const tktId = "tktAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const extraId = "newAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const breakers: [string, string | null, Breaker][] = [
  ["an unknown node type", extraId, (g) => g.nodes.push(node(extraId, "teleport", {}))],
  ["two nodes with one id", askId, (g) => g.nodes.push(node(askId, "message", { label: "de novo" }))],
  ["no start node", null, (g) => g.nodes.shift()],
  ["a second start node", extraId, (g) => g.nodes.push(node(extraId, "start", {}))],
  ["a connection to a node not drawn", menuId, (g) => g.connections.push(edge(menuId, "gone", "a2"))],
  ["a connection from a node not drawn", null, (g) => g.connections.push(edge("gone", "gone2"))],
  ["a menu output it does not have", menuId, (g) => (g.connections[4].sourceHandle = "a3")],
  ["a null handle on a two-output node", condId, (g) => (g.connections[5].sourceHandle = null)],
  ["two connections from one output", askId, (g) => g.connections.push(edge(askId, tktId))],
  [
    "an AI block with an output (it hands the ticket on)",
    extraId,
    (g) => {
      g.nodes.push(aiNode(extraId));
      g.connections.push(edge(extraId, waitId));
    },
  ],
  ["an interval of 0", waitId, (g) => (find(g, waitId).data.sec = 0)],
  ["an interval of 121", waitId, (g) => (find(g, waitId).data.sec = 121)],
  ["a randomizer of 15", extraId, (g) => g.nodes.push(node(extraId, "randomizer", { percent: 15 }))],
  ["a randomizer of 0", extraId, (g) => g.nodes.push(node(extraId, "randomizer", { percent: 0 }))],
  ["a question without message", askId, (g) => (find(g, askId).data.typebotIntegration.message = " ")],
  ["an answerKey with a dash", askId, (g) => (find(g, askId).data.typebotIntegration.answerKey = "meu-pedido")],
  [
    "an answerKey named as a message variable",
    askId,
    (g) => (find(g, askId).data.typebotIntegration.answerKey = "firstName"),
  ],
  ["a menu option without text", menuId, (g) => (find(g, menuId).data.arrayOption[1].value = "")],
  ["a condition operator not known", condId, (g) => (find(g, condId).data.condition = "between")],
  [
    "a greater-than on a word",
    condId,
    (g) => Object.assign(find(g, condId).data, { condition: "greater", value: "muito" }),
  ],
  ["a ticket node with another company's queue", tktId, (g, other) => (find(g, tktId).data.queue = { id: other })],
  ["a ticket node without queue", tktId, (g) => delete find(g, tktId).data.queue],
  ["a message without text", "msgAAAAAAAAAAAAAAAAAAAAAAAAAAA", (g) => (g.nodes[1].data.label = "")],
  ["an image not stored", extraId, (g) => g.nodes.push(node(extraId, "img", { url: "1/nope.png" }))],
  ["an image outside the media folder", extraId, (g) => g.nodes.push(node(extraId, "img", { url: "../secrets.png" }))],
  ["a typebot without slug", extraId, (g) => g.nodes.push(typebotNode(extraId, { typebotSlug: "" }))],
  [
    "a typebot on a loopback URL",
    extraId,
    (g) => g.nodes.push(typebotNode(extraId, { urlN8N: "http://127.0.0.1:3000" })),
  ],
  ["an AI block without key", extraId, (g) => g.nodes.push(aiNode(extraId, { apiKey: "" }))],
  ["an AI block without prompt", extraId, (g) => g.nodes.push(aiNode(extraId, { prompt: undefined }))],
  [
    "an AI block calling cloud metadata",
    extraId,
    (g) => g.nodes.push(aiNode(extraId, { baseUrl: "http://169.254.169.254/v1" })),
  ],
  [
    "a content interval of 0",
    extraId,
    (g) =>
      g.nodes.push(node(extraId, "singleBlock", { elements: [{ type: "interval", value: "0", number: "interval0" }] })),
  ],
  [
    "a content text left empty",
    extraId,
    (g) =>
      g.nodes.push(node(extraId, "singleBlock", { elements: [{ type: "message", value: "", number: "message0" }] })),
  ],
];

describe("the server checks the graph", () => {
  it.each(breakers)("refuses %s, naming the node, and changes nothing", async (_what, nodeId, breakIt) => {
    const t = await tenantWithFlow(s);
    const other = await buildQueue(s, (await buildTenant(s)).company.id);
    const good = sampleGraph(t.queue.id);
    expect((await saveGraph(s, t.admin.token, t.flow.id, good)).statusCode).toBe(200);
    const bad = structuredClone<Parameters<Breaker>[0]>(good);
    breakIt(bad, other.id);
    const res = await saveGraph(s, t.admin.token, t.flow.id, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_FLOW_INVALID", nodeId });
    expect((await loadGraph(s, t.admin.token, t.flow.id)).flow.flow).toEqual(good);
  });

  it("refuses media of another company and of the wrong kind", async () => {
    const t = await tenantWithFlow(s);
    const other = await buildTenant(s);
    const theirs = await storedMedia(s, other.admin.token, "img", "deles.png", PNG);
    const audio = await storedMedia(s, t.admin.token, "audio", "voz.ogg", OGG);
    for (const url of [theirs, audio]) {
      const graph = { nodes: [startNode(), node(extraId, "img", { url })], connections: [edge("1", extraId)] };
      const res = await saveGraph(s, t.admin.token, t.flow.id, graph);
      expect(res.json(), url).toMatchObject({ error: "ERR_FLOW_INVALID", nodeId: extraId });
    }
  });
});

describe("a save and the runs", () => {
  it("ends the runs standing on a node the save removes (pending in their queue); the others go on", async () => {
    const t = await tenantWithFlow(s);
    const graph = sampleGraph(t.queue.id);
    await saveGraph(s, t.admin.token, t.flow.id, graph);
    const run = async (nodeId: string) =>
      buildTicket(s, {
        companyId: t.company.id,
        contactId: (await buildContact(s, t.company.id)).id,
        queueId: t.queue.id,
        status: "pending",
        chatbot: true,
        flowId: t.flow.id,
        flowNodeId: nodeId,
        flowWaiting: true,
      });
    const atMenu = await run(menuId);
    const atQuestion = await run(askId);
    const smaller = {
      nodes: graph.nodes.filter((n) => n.id !== menuId),
      connections: graph.connections.filter((c) => c.source !== menuId && c.target !== menuId),
    };
    expect((await saveGraph(s, t.admin.token, t.flow.id, smaller)).statusCode).toBe(200);
    const row = async (id: number) => (await s.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
    expect(await row(atMenu.id)).toMatchObject({
      flowId: null,
      flowNodeId: null,
      chatbot: false,
      status: "pending",
      queueId: t.queue.id,
    });
    expect(await row(atQuestion.id)).toMatchObject({ flowId: t.flow.id, flowNodeId: askId, chatbot: true });
  });
});
