/**
 * Flows over the API as the builder makes them (issue 18): a flow, and a drawn graph with the
 * builder's own extras (style, selected, width, edges of type buttonedge) that a save must keep.
 */
import type { FlowDetail, FlowSummary } from "@balcao/contracts";
import type { TestServer } from "./harness.js";

type Node = { id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> } & Record<
  string,
  unknown
>;
type Edge = {
  id: string;
  source: string;
  target: string;
  sourceHandle: string | null;
  targetHandle: string | null;
} & Record<string, unknown>;

export function node(id: string, type: string, data: Record<string, unknown>, x = 0): Node {
  return {
    id,
    type,
    position: { x, y: 100 },
    data,
    style: { backgroundColor: "#555", padding: 1 },
    selected: false,
    width: 220,
    height: 80,
  };
}

export function edge(source: string, target: string, sourceHandle: string | null = "a"): Edge {
  return {
    id: `reactflow__edge-${source}${sourceHandle ?? ""}-${target}`,
    source,
    target,
    sourceHandle,
    targetHandle: null,
    type: "buttonedge",
    animated: false,
  };
}

export const startNode = () => node("1", "start", { label: "Inicio do fluxo" }, 250);

/** start → message → question → menu (1: ticket in `queueId`, 2: condition), as the builder draws it. */
export function sampleGraph(queueId: number) {
  const nodes = [
    startNode(),
    node("msgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "message", { label: "Olá {{firstName}}!" }, 500),
    node("askAAAAAAAAAAAAAAAAAAAAAAAAAAA", "question", {
      typebotIntegration: { message: "Qual é o seu pedido?", answerKey: "pedido" },
    }),
    node("menuAAAAAAAAAAAAAAAAAAAAAAAAAA", "menu", {
      message: "Escolha",
      arrayOption: [
        { number: 1, value: "Falar com vendas" },
        { number: 2, value: "Ver status" },
      ],
    }),
    node("tktAAAAAAAAAAAAAAAAAAAAAAAAAAA", "ticket", { queue: { id: queueId, name: "Vendas" } }),
    node("condAAAAAAAAAAAAAAAAAAAAAAAAAA", "condition", { key: "pedido", condition: "contains", value: "bolo" }),
    node("waitAAAAAAAAAAAAAAAAAAAAAAAAAA", "interval", { sec: 5, label: "Intervalo 5 seg." }),
  ];
  const connections = [
    edge("1", "msgAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    edge("msgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "askAAAAAAAAAAAAAAAAAAAAAAAAAAA", null),
    edge("askAAAAAAAAAAAAAAAAAAAAAAAAAAA", "menuAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    edge("menuAAAAAAAAAAAAAAAAAAAAAAAAAA", "tktAAAAAAAAAAAAAAAAAAAAAAAAAAA", "a1"),
    edge("menuAAAAAAAAAAAAAAAAAAAAAAAAAA", "condAAAAAAAAAAAAAAAAAAAAAAAAAA", "a2"),
    edge("condAAAAAAAAAAAAAAAAAAAAAAAAAA", "waitAAAAAAAAAAAAAAAAAAAAAAAAAA", "true"),
  ];
  return { nodes, connections };
}

export async function createFlow(s: TestServer, token: string, name = "Boas-vindas"): Promise<FlowSummary> {
  const res = await s.request({ method: "POST", path: "/flowbuilder", token, body: { name } });
  if (res.statusCode !== 200) throw new Error(`createFlow: ${res.statusCode} ${res.body}`);
  return res.json<FlowSummary>();
}

export const saveGraph = (
  s: TestServer,
  token: string,
  idFlow: number,
  graph: { nodes: unknown[]; connections: unknown[] },
) => s.request({ method: "POST", path: "/flowbuilder/flow", token, body: { idFlow, ...graph } });

export async function loadGraph(s: TestServer, token: string, id: number): Promise<FlowDetail> {
  return (await s.request({ path: `/flowbuilder/flow/${id}`, token })).json<FlowDetail>();
}

/** Small files with the signatures the flow media routes check. */
export const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(64, 2)]);
export const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(64, 4)]);
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(64, 5)]);

/** A flow media upload over real HTTP as the block dialogs send it: fromMe, then medias and body per file. */
export async function uploadFlowMedia(
  s: TestServer,
  token: string,
  route: "img" | "audio" | "content",
  files: { name: string; data: Buffer }[],
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append("fromMe", "true");
  for (const file of files) {
    form.append("medias", new Blob([new Uint8Array(file.data)]), file.name);
    form.append("body", file.name);
  }
  const res = await fetch(`${s.url}/api/flowbuilder/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** A stored flow medium's name, for a node's url. */
export async function storedMedia(s: TestServer, token: string, route: "img" | "audio", name: string, data: Buffer) {
  const res = await uploadFlowMedia(s, token, route, [{ name, data }]);
  if (res.status !== 200) throw new Error(`storedMedia: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { name: string }).name;
}
