/**
 * "Try the flow" (issue 18 item 7): the saved flow walked from its start by the runtime's own walker
 * (walker.ts) with the admin's messages as the customer's, in one call. Nothing is stored or sent, no
 * AI or Typebot is called: a hand-off (typebot, openai, a ticket block's queue, a loop stopped) is a
 * "handoff" reply naming where the ticket would go, never a key. A delay is over at once; answers
 * render into {{answerKey}}, the message variables stay as written (there is no customer).
 */
import { flowLimits, type FlowGraph, type FlowSimulation } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { flows, queues } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { loopNote } from "./apply-walk.js";
import { blockFields, text } from "./graph.js";
import { renderFlowText } from "./variables.js";
import { replyToFlow, resumeFlow, startFlow, type FlowAction, type FlowWalk, type WalkOptions } from "./walker.js";

type Reply = FlowSimulation["replies"][number];

const options: WalkOptions = { random: Math.random, render: (template, answers) => renderFlowText(template, answers) };

/** On through every delay, as if it were over: the actions until the run waits or ends. */
function throughDelays(graph: FlowGraph, first: FlowWalk): FlowWalk {
  const actions = [...first.actions];
  let walk = first;
  // A delay-only loop still ends: the walker stops it past flowLimits.walkMax nodes.
  for (let i = 0; walk.state && walk.actions.at(-1)?.type === "delay" && i <= flowLimits.walkMax; i++) {
    walk = resumeFlow(graph, walk.state, options);
    actions.push(...walk.actions);
  }
  return { actions, state: walk.state };
}

function handoffLabel(action: Extract<FlowAction, { type: "handoff" }>): string {
  const name = text(blockFields(action.node).name);
  const kind = action.node.type === "openai" ? "OpenAI" : "Typebot";
  return name ? `${kind} · ${name}` : kind;
}

function replyOf(action: FlowAction, queueNames: Map<number, string>): Reply | undefined {
  switch (action.type) {
    case "text":
      return { type: "text", body: action.body };
    case "media":
      return { type: action.media, url: action.url };
    case "handoff":
      return { type: "handoff", body: handoffLabel(action) };
    case "queue":
      return { type: "handoff", body: (action.queueId && queueNames.get(action.queueId)) || "" };
    case "stopped":
      return { type: "handoff", body: loopNote };
    default:
      return undefined;
  }
}

async function queueNamesOf(db: Db, companyId: number, actions: FlowAction[]): Promise<Map<number, string>> {
  const ids = actions.flatMap((a) => (a.type === "queue" && a.queueId !== null ? [a.queueId] : []));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function simulateFlow(
  db: Db,
  companyId: number,
  flowId: number,
  messages: readonly { body: string }[],
): Promise<FlowSimulation> {
  const [flow] = await db
    .select({ graph: flows.graph })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)));
  if (!flow) throw new AppError("ERR_NOT_FOUND");
  if (!flow.graph) return { replies: [], waitingAt: null };
  const graph = flow.graph;
  let walk = throughDelays(graph, startFlow(graph, options));
  const actions = [...walk.actions];
  for (const { body } of messages) {
    if (!walk.state) break;
    walk = throughDelays(graph, replyToFlow(graph, walk.state, body, options));
    actions.push(...walk.actions);
  }
  const names = await queueNamesOf(db, companyId, actions);
  const replies = actions.flatMap((a) => replyOf(a, names) ?? []);
  return { replies, waitingAt: walk.state?.waiting ? walk.state.nodeId : null };
}
