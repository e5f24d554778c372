/**
 * What each node's data must hold to be walked (issue 18 item 3; automation-areas §3, §5):
 * pure checks on one node. What needs the database, the disk or DNS (a queue, a stored file,
 * a URL through the SSRF guard) is collected as a reference and checked by flow-graph.ts.
 * A broken rule throws ERR_FLOW_INVALID naming the node.
 */
import {
  answerKeyPattern,
  flowConditionOperators,
  flowLimits,
  isMessageVariable,
  promptLimits,
  type FlowNode,
} from "@balcao/contracts";
import { flowInvalid } from "./flow-invalid.js";

/** Media a node points at, by what it must be: the block's formats decide the extensions. */
export type FlowMediaKind = "img" | "audio" | "video" | "contentAudio";

/** What a node names outside the graph, checked once the whole graph passed the pure rules. */
export interface FlowRefs {
  media: { nodeId: string; name: string; kind: FlowMediaKind }[];
  queues: { nodeId: string; queueId: number }[];
  urls: { nodeId: string; url: string; field: string }[];
}

type Data = Record<string, unknown>;

function text(node: FlowNode, value: unknown, field: string, max: number = flowLimits.textMax): string {
  if (typeof value !== "string" || !value.trim() || value.length > max) throw flowInvalid(node.id, field);
  return value;
}

function optionalText(node: FlowNode, value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string" || value.length > max) throw flowInvalid(node.id, field);
  return value.trim();
}

/** A number the builder may have sent as a form string ("5"). */
function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

function wholeIn(node: FlowNode, value: unknown, field: string, min: number, max: number): number {
  const n = numberOf(value);
  if (!Number.isInteger(n) || n < min || n > max) throw flowInvalid(node.id, field);
  return n;
}

function optionalNumberIn(node: FlowNode, value: unknown, field: string, min: number, max: number, whole = true) {
  if (value === undefined || value === null || value === "") return;
  const n = numberOf(value);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) throw flowInvalid(node.id, field);
}

function objectOf(node: FlowNode, value: unknown, field: string): Data {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw flowInvalid(node.id, field);
  return value as Data;
}

const seconds = (node: FlowNode, value: unknown, field: string) =>
  wholeIn(node, value, field, flowLimits.intervalMin, flowLimits.intervalMax);

function media(node: FlowNode, refs: FlowRefs, value: unknown, kind: FlowMediaKind, field = "url") {
  refs.media.push({ nodeId: node.id, name: text(node, value, field, 300), kind });
}

function menu(node: FlowNode, data: Data) {
  text(node, data.message, "message");
  const options = data.arrayOption;
  if (!Array.isArray(options) || options.length === 0 || options.length > 100)
    throw flowInvalid(node.id, "arrayOption");
  const numbers = new Set<number>();
  for (const option of options) {
    const o = objectOf(node, option, "arrayOption");
    const n = wholeIn(node, o.number, "arrayOption", 1, 1000);
    if (numbers.has(n)) throw flowInvalid(node.id, "arrayOption");
    numbers.add(n);
    text(node, o.value, "arrayOption");
  }
}

function randomizer(node: FlowNode, data: Data) {
  const percent = wholeIn(node, data.percent, "percent", flowLimits.randomizerMin, flowLimits.randomizerMax);
  if (percent % flowLimits.randomizerStep !== 0) throw flowInvalid(node.id, "percent");
}

const contentKinds: Record<string, FlowMediaKind> = { img: "img", audio: "contentAudio", video: "video" };

/** §3/§5 content: its items in order; each text non-empty, each interval 1–120, each media a stored file. */
function content(node: FlowNode, data: Data, refs: FlowRefs) {
  const elements = data.elements;
  if (!Array.isArray(elements) || elements.length === 0 || elements.length > 100)
    throw flowInvalid(node.id, "elements");
  const numbers = new Set<string>();
  for (const element of elements) {
    const e = objectOf(node, element, "elements");
    const number = text(node, e.number, "elements", 100);
    if (numbers.has(number)) throw flowInvalid(node.id, "elements");
    numbers.add(number);
    if (e.type === "message") text(node, e.value, "elements");
    else if (e.type === "interval") seconds(node, e.value, "elements");
    else if (typeof e.type === "string" && contentKinds[e.type])
      media(node, refs, e.value, contentKinds[e.type]!, "elements");
    else throw flowInvalid(node.id, "elements");
  }
  if (data.seq === undefined) return;
  if (!Array.isArray(data.seq) || data.seq.some((id) => typeof id !== "string" || !numbers.has(id))) {
    throw flowInvalid(node.id, "seq");
  }
}

function ticket(node: FlowNode, data: Data, refs: FlowRefs) {
  const queue = objectOf(node, data.queue, "queue");
  refs.queues.push({ nodeId: node.id, queueId: wholeIn(node, queue.id, "queue", 1, 2_147_483_647) });
}

function typebot(node: FlowNode, data: Data, refs: FlowRefs) {
  const block = objectOf(node, data.typebotIntegration, "typebotIntegration");
  text(node, block.name, "name", 200);
  refs.urls.push({ nodeId: node.id, url: text(node, block.urlN8N, "urlN8N", 2000), field: "urlN8N" });
  text(node, block.typebotSlug, "typebotSlug", 200);
  optionalNumberIn(node, block.typebotExpires, "typebotExpires", 0, 525_600);
  optionalNumberIn(node, block.typebotDelayMessage, "typebotDelayMessage", 0, 60_000);
}

/** §5 AI block: name, apiKey and prompt; ours: an optional model and baseUrl (the SSRF guard's). */
function openai(node: FlowNode, data: Data, refs: FlowRefs) {
  const block = objectOf(node, data.typebotIntegration, "typebotIntegration");
  text(node, block.name, "name", promptLimits.nameMax);
  text(node, block.apiKey, "apiKey", promptLimits.apiKeyMax);
  text(node, block.prompt, "prompt", promptLimits.promptMax);
  optionalText(node, block.model, "model", promptLimits.modelMax);
  const baseUrl = optionalText(node, block.baseUrl, "baseUrl", promptLimits.baseUrlMax);
  if (baseUrl) refs.urls.push({ nodeId: node.id, url: baseUrl, field: "baseUrl" });
  optionalText(node, block.voice, "voice", 100);
  optionalNumberIn(
    node,
    block.temperature,
    "temperature",
    promptLimits.temperatureMin,
    promptLimits.temperatureMax,
    false,
  );
  optionalNumberIn(node, block.maxTokens, "maxTokens", 1, promptLimits.maxTokensMax);
  optionalNumberIn(node, block.maxMessages, "maxMessages", 1, promptLimits.maxMessagesMax);
}

/** An answer key: letters, digits and `_`, never a message variable's name (`{{name}}` would be ambiguous). */
function answerKey(node: FlowNode, value: unknown, field: string) {
  const key = text(node, value, field, flowLimits.answerKeyMax);
  if (!answerKeyPattern.test(key) || isMessageVariable(key)) throw flowInvalid(node.id, field);
}

function question(node: FlowNode, data: Data) {
  const block = objectOf(node, data.typebotIntegration, "typebotIntegration");
  text(node, block.message, "message");
  answerKey(node, block.answerKey, "answerKey");
}

/** Ours: compares an answer; greater and less compare numbers, so their value must be one. */
function condition(node: FlowNode, data: Data) {
  text(node, data.key, "key", flowLimits.answerKeyMax);
  if (!answerKeyPattern.test(String(data.key))) throw flowInvalid(node.id, "key");
  const operator = data.condition;
  if (!(flowConditionOperators as readonly unknown[]).includes(operator)) throw flowInvalid(node.id, "condition");
  if (operator === "empty") return optionalText(node, data.value, "value", flowLimits.textMax);
  if (typeof data.value !== "string" && typeof data.value !== "number") throw flowInvalid(node.id, "value");
  if ((operator === "greater" || operator === "less") && !Number.isFinite(numberOf(data.value))) {
    throw flowInvalid(node.id, "value");
  }
  if (String(data.value).length > flowLimits.textMax) throw flowInvalid(node.id, "value");
}

/** Checks one node's data, adding what it names outside the graph to `refs`. */
export function checkNodeData(node: FlowNode, refs: FlowRefs): void {
  const data = node.data;
  switch (node.type) {
    case "start":
      return;
    case "message":
      return void text(node, data.label, "label");
    case "menu":
      return menu(node, data);
    case "interval":
      return void seconds(node, data.sec, "sec");
    case "img":
    case "video":
      return media(node, refs, data.url, node.type);
    case "audio":
      if (data.record !== undefined && typeof data.record !== "boolean") throw flowInvalid(node.id, "record");
      return media(node, refs, data.url, "audio");
    case "randomizer":
      return randomizer(node, data);
    case "singleBlock":
      return content(node, data, refs);
    case "ticket":
      return ticket(node, data, refs);
    case "typebot":
      return typebot(node, data, refs);
    case "openai":
      return openai(node, data, refs);
    case "question":
      return question(node, data);
    case "condition":
      return void condition(node, data);
  }
}
