/**
 * Flows (automation-areas §2–§9, issue 18): the saved graph the builder draws and the
 * server walks, the flow and phrase-campaign payloads, and the builder's constants.
 *
 * The graph is a contract: nodes and connections are kept exactly as the client sent
 * them (unknown keys such as `style`, `selected`, `width` or an edge's `type` included),
 * so these schemas check what the runtime reads and pass everything else through. The
 * server's deeper checks (edges, handles, media, queues, SSRF) answer
 * `{error: "ERR_FLOW_INVALID", nodeId}`.
 */
import { z } from "zod";
import { idSchema, intSchema } from "./ids.js";

/** §3 node types, plus `condition` (ours: a dialog and an add-menu entry after Pergunta). */
export const flowNodeTypes = [
  "start",
  "message",
  "menu",
  "interval",
  "img",
  "audio",
  "video",
  "randomizer",
  "singleBlock",
  "ticket",
  "typebot",
  "openai",
  "question",
  "condition",
] as const;
export type FlowNodeType = (typeof flowNodeTypes)[number];

/** §2 add-block menu, in its order (video has no entry of its own in §2; it sits with the media). */
export const flowAddMenu = [
  "start",
  "singleBlock",
  "menu",
  "randomizer",
  "interval",
  "ticket",
  "typebot",
  "openai",
  "question",
  "condition",
] as const satisfies readonly FlowNodeType[];

export const flowConditionOperators = ["equals", "contains", "greater", "less", "empty"] as const;
export type FlowConditionOperator = (typeof flowConditionOperators)[number];

/** §5 and §9 limits, and the runtime's (issue 18 item 5). */
export const flowLimits = {
  nameMin: 2,
  nameMax: 50,
  intervalMin: 1,
  intervalMax: 120,
  randomizerMin: 10,
  randomizerMax: 100,
  randomizerStep: 10,
  /** Nodes walked without a customer reply before the run is stopped. */
  walkMax: 50,
  nodeIdLength: 30,
  imageBytes: 2 * 1024 * 1024,
  audioBytes: 5 * 1024 * 1024,
  videoBytes: 20 * 1024 * 1024,
  imageQuality: 0.7,
  phraseMax: 500,
  textMax: 4096,
  answerKeyMax: 60,
} as const;

/** §9 builder constants. */
export const flowBuilder = {
  startNodeId: "1",
  startPosition: { x: 250, y: 100 },
  placeGap: 40,
  duplicateGap: 240,
  variablesStorageKey: "variables",
  loadDelayMs: 500,
} as const;

/** §5 media formats by block; the content block's audio also takes opus. */
export const flowMediaFormats = {
  img: ["png", "jpg", "jpeg"],
  audio: ["ogg", "mp3"],
  contentAudio: ["ogg", "mp3", "opus"],
  video: ["mp4"],
} as const;

/** An answerKey: letters, digits and `_`; never a message variable's name (checked with messageVariableNames). */
export const answerKeyPattern = /^[A-Za-z0-9_]+$/;

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** §9: a new node's id, 30 random characters from A–Z, a–z, 0–9. */
export function newFlowNodeId(random: () => number = Math.random): string {
  let id = "";
  for (let i = 0; i < flowLimits.nodeIdLength; i++) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

export const flowPositionSchema = z.looseObject({ x: z.number(), y: z.number() });

/** A node as saved: what the runtime reads is typed, everything else passes through untouched. */
export const flowNodeSchema = z.looseObject({
  id: z.string().min(1).max(100),
  type: z.enum(flowNodeTypes),
  position: flowPositionSchema,
  data: z.record(z.string(), z.unknown()),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

/** A connection (edge) as saved; `type: "buttonedge"` and the rest pass through. */
export const flowConnectionSchema = z.looseObject({
  id: z.string().min(1).max(300),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z.string().nullish(),
  targetHandle: z.string().nullish(),
});
export type FlowConnection = z.infer<typeof flowConnectionSchema>;

export interface FlowGraph {
  nodes: FlowNode[];
  connections: FlowConnection[];
}

/**
 * The outputs a node has (issue 18 "The saved graph"): a menu option's `"a" + number`, a
 * randomizer's `a` (percent) and `b`, a condition's `true` / `false`, none for typebot and
 * openai (they hand the ticket on), `a` for every other node. An edge whose sourceHandle is
 * null leaves by a one-output node's only output.
 */
export function flowNodeOutputs(node: Pick<FlowNode, "type" | "data">): string[] {
  switch (node.type) {
    case "menu": {
      const options = Array.isArray(node.data.arrayOption) ? node.data.arrayOption : [];
      return options.map((o: { number?: unknown }) => `a${String(o?.number)}`);
    }
    case "randomizer":
      return ["a", "b"];
    case "condition":
      return ["true", "false"];
    case "typebot":
    case "openai":
      return [];
    default:
      return ["a"];
  }
}

/** POST /flowbuilder/flow. */
export const flowSaveSchema = z.object({
  idFlow: idSchema,
  nodes: z.array(flowNodeSchema).max(1000),
  connections: z.array(flowConnectionSchema).max(3000),
});

export const flowNameSchema = z.string().trim().min(flowLimits.nameMin).max(flowLimits.nameMax);

/** POST /flowbuilder {name}; PUT /flowbuilder {name, flowId, active?}. */
export const flowCreateSchema = z.object({ name: flowNameSchema });
export const flowUpdateSchema = z.object({ flowId: idSchema, name: flowNameSchema, active: z.boolean().optional() });

/** GET /flowbuilder: paged with pageNumber, every flow without it. */
export const flowListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: intSchema(1).optional(),
});

export interface FlowSummary {
  id: number;
  name: string;
  active: boolean;
}

/** GET /flowbuilder/flow/{id}. */
export interface FlowDetail {
  flow: FlowSummary & { flow: FlowGraph | null };
}

/** §3 Flow campaign; POST without id (status defaults to true), PUT with it. */
export const flowCampaignFieldsSchema = z.object({
  name: z.string().trim().min(1).max(100),
  flowId: idSchema,
  whatsappId: z
    .union([z.null(), z.literal(""), idSchema])
    .optional()
    .transform((v) => v || null),
  phrase: z.string().trim().min(1).max(flowLimits.phraseMax),
  status: z.boolean().optional(),
});
export const flowCampaignUpdateSchema = flowCampaignFieldsSchema.extend({ id: idSchema });

export interface FlowCampaign {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number | null;
  phrase: string;
  status: boolean;
}

/** How a phrase and a customer's message are compared: trimmed, lower case, without accents. */
export function phraseKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** POST /flowbuilder/{id}/simulate (issue 18 item 7). */
export const flowSimulateSchema = z.object({
  messages: z.array(z.object({ from: z.literal("customer"), body: z.string().max(flowLimits.textMax) })).max(100),
});

export interface FlowSimulation {
  replies: { type: "text" | "image" | "audio" | "video" | "handoff"; body?: string; url?: string }[];
  waitingAt: string | null;
}

/** §9 upload waits: how long the media and content dialogs keep their spinner after the upload before saving. */
export const flowUploadWaits = { mediaMs: 1000, contentMs: 1500 } as const;

/** §7 "Flow media": where each block's files go (the video block uses the audio route). */
export const flowMediaRoutes = {
  img: "/flowbuilder/img",
  audio: "/flowbuilder/audio",
  video: "/flowbuilder/audio",
  content: "/flowbuilder/content",
} as const;

/** §3 interval node: the label saved with its seconds. */
export function flowIntervalLabel(sec: number): string {
  return `Intervalo ${sec} seg.`;
}

/** §3 content (singleBlock) items; an item's `number` is its seq id, `type` + a per-type counter ("message0", "interval1"). */
export const flowContentElementTypes = ["message", "interval", "img", "audio", "video"] as const;
export type FlowContentElementType = (typeof flowContentElementTypes)[number];

/**
 * A content item as the dialog saves it: `value` is the text, the seconds as decimal digits, or the stored
 * media name; `original` the media's original file name; `record` (audio only) sends it as a voice note.
 */
export interface FlowContentElement {
  type: FlowContentElementType;
  value: string;
  number: string;
  original?: string;
  record?: boolean;
}

/** §9: the AI block's voices: 'texto' answers in text, the 15 pt-BR neural voices with an Azure voice note. */
export const flowAiVoices = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
export type FlowAiVoice = (typeof flowAiVoices)[number];

/** §9 AI block defaults, plus ours: `model` (the prompts' default) and `baseUrl` ("" = the server's OPENAI_BASE_URL). */
export const flowAiDefaults = {
  voice: "texto",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: null,
  model: "gpt-3.5-turbo-1106",
  baseUrl: "",
} as const;
