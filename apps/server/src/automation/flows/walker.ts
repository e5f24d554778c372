/**
 * The flow walker (issue 18 items 5 and 7): pure. Given the saved graph, the run as the ticket holds it
 * and what happened (the run starts, the customer replied, a delay is over), it answers what the run
 * does next, in order, and the run state after it. The runtime (run.ts) carries the actions out on a
 * ticket; the simulator (simulate.ts) lists them: both follow exactly these rules.
 *
 * A walk goes node to node along the edge of the node's output (graph.ts) until it must stop: a delay
 * (an interval, or one inside a content block: the run resumes when it is over), a wait for the
 * customer (menu, question), or the end of the run (no edge, a ticket node, a hand-off to Typebot or the
 * AI, or more than flowLimits.walkMax nodes since the customer last replied: a loop). The last action
 * of every walk says which.
 */
import { flowLimits, phraseKey, type FlowGraph, type FlowNode } from "@balcao/contracts";
import {
  blockFields,
  contentElements,
  indexGraph,
  menuOptions,
  menuText,
  text,
  type IndexedGraph,
  type MenuOption,
} from "./graph.js";
import { conditionHolds, type FlowVariables } from "./variables.js";

export interface FlowRunState {
  nodeId: string;
  /** At a menu or a question, for the customer's reply. */
  waiting: boolean;
  /** A content block paused at one of its intervals: the index of the next item. */
  at: number;
  variables: FlowVariables;
  /** Nodes walked since the customer last replied. */
  walked: number;
}

export type FlowMediaKind = "image" | "audio" | "video";

export type FlowAction =
  | { type: "text"; body: string }
  | { type: "media"; media: FlowMediaKind; url: string; voiceNote: boolean }
  | { type: "delay"; seconds: number }
  | { type: "wait" }
  | { type: "queue"; queueId: number | null }
  | { type: "handoff"; node: FlowNode }
  | { type: "end" }
  | { type: "stopped" };

export interface FlowWalk {
  actions: FlowAction[];
  /** Null when the run is over. */
  state: FlowRunState | null;
}

export interface WalkOptions {
  /** In [0, 1): the randomizer's draw. */
  random(): number;
  /** A text as the customer reads it: answers and message variables put in (variables.ts). */
  render(template: string, answers: FlowVariables): string;
}

const mediaOf: Partial<Record<string, FlowMediaKind>> = { img: "image", audio: "audio", video: "video" };

const seconds = (value: unknown) => Math.max(1, Math.round(Number(value)) || 1);

function queueOf(node: FlowNode): number | null {
  const data = node.data as { queue?: { id?: unknown }; queueId?: unknown; id?: unknown };
  const id = Number(data.queue?.id ?? data.queueId ?? data.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The option a reply picks: its number, or its text (case and accents aside). */
export function chosenOption(node: FlowNode, reply: string): MenuOption | undefined {
  const options = menuOptions(node);
  const typed = reply.trim();
  const byNumber = /^\d+$/.test(typed) ? options.find((o) => o.number === Number(typed)) : undefined;
  return byNumber ?? options.find((o) => o.value.trim() !== "" && phraseKey(o.value) === phraseKey(typed));
}

/** One walk: the actions it collects and the state it ends in. */
class Walk {
  readonly actions: FlowAction[] = [];
  constructor(
    private readonly graph: IndexedGraph,
    private readonly options: WalkOptions,
    private readonly variables: FlowVariables,
    private walked: number,
  ) {}

  private say(template: string): void {
    const body = this.options.render(template, this.variables);
    if (body.trim() !== "") this.actions.push({ type: "text", body });
  }

  private stop(node: FlowNode, waiting: boolean, at = 0): FlowWalk {
    const state = { nodeId: node.id, waiting, at, variables: this.variables, walked: this.walked };
    return { actions: this.actions, state };
  }

  private over(action: FlowAction): FlowWalk {
    this.actions.push(action);
    return { actions: this.actions, state: null };
  }

  /** Sends a content block's items from `at`; a paused walk when one of them is an interval. */
  content(node: FlowNode, at: number): FlowWalk | undefined {
    const items = contentElements(node);
    for (let i = at; i < items.length; i++) {
      const item = items[i]!;
      if (item.type === "interval") {
        this.actions.push({ type: "delay", seconds: seconds(item.value) });
        return this.stop(node, false, i + 1);
      }
      if (item.type === "message") this.say(item.value);
      const media = mediaOf[item.type];
      if (media && item.value) this.actions.push({ type: "media", media, url: item.value, voiceNote: item.record });
    }
    return undefined;
  }

  /** Walks from `node` (undefined: no edge led anywhere) until the run stops, waits or ends. */
  from(first: FlowNode | undefined): FlowWalk {
    let node = first;
    for (;;) {
      if (!node) return this.over({ type: "end" });
      if (++this.walked > flowLimits.walkMax) return this.over({ type: "stopped" });
      const handle = this.enter(node);
      if (typeof handle !== "string") return handle;
      node = this.graph.next(node, handle);
    }
  }

  /** Does the node; answers the output to leave by, or the walk's end when it stops here. */
  private enter(node: FlowNode): string | FlowWalk {
    const data = node.data;
    switch (node.type) {
      case "start":
        return "a";
      case "message":
        this.say(text(data.label));
        return "a";
      case "img":
      case "audio":
      case "video":
        if (text(data.url))
          this.actions.push({
            type: "media",
            media: mediaOf[node.type]!,
            url: text(data.url),
            voiceNote: data.record === true,
          });
        return "a";
      case "interval":
        this.actions.push({ type: "delay", seconds: seconds(data.sec) });
        return this.stop(node, false);
      case "singleBlock":
        return this.content(node, 0) ?? "a";
      case "menu":
        this.say(menuText(node));
        this.actions.push({ type: "wait" });
        return this.stop(node, true);
      case "question":
        this.say(text(blockFields(node).message));
        this.actions.push({ type: "wait" });
        return this.stop(node, true);
      case "randomizer":
        return this.options.random() * 100 < Number(data.percent ?? 0) ? "a" : "b";
      case "condition":
        return conditionHolds(this.variables, text(data.key), text(data.condition), text(data.value))
          ? "true"
          : "false";
      case "ticket":
        return this.over({ type: "queue", queueId: queueOf(node) });
      case "typebot":
      case "openai":
        return this.over({ type: "handoff", node });
      default:
        return "a";
    }
  }

  /** The customer's reply to the node the run waits at. */
  reply(node: FlowNode, body: string): FlowWalk {
    if (node.type === "menu") {
      const option = chosenOption(node, body);
      if (option) return this.from(this.graph.next(node, `a${option.number}`));
      // Anything else: the menu again, still waiting.
      this.say(menuText(node));
      this.actions.push({ type: "wait" });
      return this.stop(node, true);
    }
    if (node.type === "question") {
      const key = text(blockFields(node).answerKey);
      if (key) this.variables[key] = body;
    }
    return this.from(this.graph.next(node, "a"));
  }
}

/** A new run from the start node (a phrase restarting a run starts it over, answers kept). */
export function startFlow(graph: FlowGraph, options: WalkOptions, variables: FlowVariables = {}): FlowWalk {
  const indexed = indexGraph(graph);
  const walk = new Walk(indexed, options, { ...variables }, 0);
  return walk.from(indexed.startId === undefined ? undefined : indexed.node(indexed.startId));
}

/**
 * The customer wrote. Only a run waiting at a menu or a question moves: one sending or in a delay
 * keeps the message (stored like any other) and goes on as it was.
 */
export function replyToFlow(graph: FlowGraph, state: FlowRunState, body: string, options: WalkOptions): FlowWalk {
  if (!state.waiting) return { actions: [], state };
  const indexed = indexGraph(graph);
  const node = indexed.node(state.nodeId);
  const walk = new Walk(indexed, options, { ...state.variables }, 0);
  return node ? walk.reply(node, body) : walk.from(undefined);
}

/** A delay is over: on along the interval's edge, or on with the content block's next item. */
export function resumeFlow(graph: FlowGraph, state: FlowRunState, options: WalkOptions): FlowWalk {
  if (state.waiting) return { actions: [], state };
  const indexed = indexGraph(graph);
  const node = indexed.node(state.nodeId);
  const walk = new Walk(indexed, options, { ...state.variables }, state.walked);
  if (!node) return walk.from(undefined);
  if (node.type === "singleBlock") {
    const paused = walk.content(node, state.at);
    if (paused) return paused;
  }
  return walk.from(indexed.next(node, "a"));
}
