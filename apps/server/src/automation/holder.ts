/**
 * Who holds a ticket nobody attends (issue 17 items 3 and 6): before a queue
 * is chosen, the connection's integration, then the connection's prompt, then
 * the queue menu (chatbot.ts); once a queue is chosen (by the menu), that
 * queue's integration, then its prompt. While a prompt or an integration
 * holds a ticket, `promptId` / `integrationId` name it (`useIntegration` for
 * an integration) and `chatbot` is set, so the list shows the bot icon; the
 * queue menu stays quiet and every customer's message is the holder's turn
 * (answer-inbound.job.ts queues it: ai-turn.job.ts, integrations'
 * integration-turn.job.ts).
 *
 * The hold ends when an agent accepts or transfers the ticket, or a timer
 * moves it (tickets/ticket-moves.ts botLetsGo), or the holder hands it to
 * people (releaseHold: the AI's transfer phrase, a provider that failed, an
 * integration's finish): `holdReleased` then keeps every prompt and
 * integration away from it until it is closed (closing clears the lot).
 * Groups are never held. A flow's typebot or openai node is a third kind of
 * holder (flows/node-hold.ts): only a flow's hand-off starts it, and it ends
 * the same ways, or when its node or flow is gone.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { SqlInputs } from "../db/rows.js";
import { queueIntegrations, queues, tickets, whatsapps } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { placeOf } from "../events/events.js";

type TicketRow = typeof tickets.$inferSelect;

/** What a connection or a queue offers. */
type PlaceHolder = Extract<Holder, { kind: "prompt" | "integration" }>;

/** A flow's typebot or openai node (automation/flows/node-hold.ts) is the third kind: only a flow hands it the ticket. */
export type Holder =
  | { kind: "prompt"; promptId: number }
  | { kind: "integration"; integrationId: number }
  | { kind: "flowNode"; flowId: number; nodeId: string };

/**
 * For the answer sweep's read of a marked ticket `t` (answer-sweep.ts, mayAnswer): whether a prompt or an
 * integration holds it or would take it (its connection's before a queue is chosen, its queue's after).
 */
export const holdableFact = (t: string) => `(not ${t}.hold_released and not ${t}.is_group and (
    ${t}.prompt_id is not null or ${t}.integration_id is not null or ${t}.hold_flow_node_id is not null
    or (${t}.queue_id is null and exists (select 1 from whatsapps hw where hw.id = ${t}.whatsapp_id
      and (hw.prompt_id is not null or ${holdingIntegration("hw.integration_id")})))
    or exists (select 1 from queues hq where hq.id = ${t}.queue_id
      and (hq.prompt_id is not null or ${holdingIntegration("hq.integration_id")}))))`;

/**
 * A linked integration that holds tickets: every type but flowbuilder, which only starts flows
 * (automation/flows/flow-turn.ts) and leaves a ticket whose flow ended to the queue menu or to people.
 */
const holdingIntegration = (column: string) =>
  `exists (select 1 from queue_integrations hi where hi.id = ${column} and hi.type <> 'flowbuilder')`;

/** Whether nobody attends the ticket and it may be held: waiting, no agent, no group, not let go. */
function holdable(t: TicketRow): boolean {
  return t.status === "pending" && t.userId === null && !t.isGroup && !t.holdReleased;
}

/** Who holds the ticket now, by its columns. */
export function currentHolder(
  t: Pick<TicketRow, "holdFlowId" | "holdFlowNodeId" | "integrationId" | "promptId">,
): Holder | undefined {
  if (t.holdFlowId !== null && t.holdFlowNodeId !== null)
    return { kind: "flowNode", flowId: t.holdFlowId, nodeId: t.holdFlowNodeId };
  if (t.integrationId !== null) return { kind: "integration", integrationId: t.integrationId };
  if (t.promptId !== null) return { kind: "prompt", promptId: t.promptId };
  return undefined;
}

/**
 * What offers a holder at the ticket's place: its connection before a queue is chosen, its queue after
 * (one statement for either place: one text, also where it is read with the claim, answer-facts.ts).
 */
export function offeredQuery(at: SqlInputs<Pick<TicketRow, "queueId" | "whatsappId" | "companyId">>): SQL {
  return sql`select ${whatsapps.integrationId} as "integrationId", ${queueIntegrations.type} as "type",
      ${whatsapps.promptId} as "promptId"
    from ${whatsapps} left join ${queueIntegrations} on ${queueIntegrations.id} = ${whatsapps.integrationId}
    where ${at.queueId}::int is null and ${whatsapps.id} = ${at.whatsappId} and ${whatsapps.companyId} = ${at.companyId}
    union all
    select ${queues.integrationId}, ${queueIntegrations.type}, ${queues.promptId}
    from ${queues} left join ${queueIntegrations} on ${queueIntegrations.id} = ${queues.integrationId}
    where ${queues.id} = ${at.queueId} and ${queues.companyId} = ${at.companyId}`;
}

/** offeredQuery's row (none: the place is gone) as the holder it offers; null when it offers none. */
export function offeredOf(links: OfferedRow | undefined | null): Offered {
  if (links?.integrationId && links.type !== "flowbuilder")
    return { kind: "integration", integrationId: links.integrationId };
  if (links?.promptId) return { kind: "prompt", promptId: links.promptId };
  return null;
}

export interface OfferedRow {
  integrationId: number | null;
  type: string | null;
  promptId: number | null;
}

/** What a ticket's place offers (offeredOf): a prompt, an integration, or nothing (null). */
export type Offered = PlaceHolder | null;

async function offered(t: EventTransaction, ticket: TicketRow): Promise<Offered> {
  const result = await t.db.execute(offeredQuery(ticket));
  return offeredOf((result as { rows: OfferedRow[] }).rows[0]);
}

/**
 * The ticket's holder (kept, or taken now from its place), on a ticket locked by the caller; undefined
 * when nothing holds it (the queue menu, or people, answer). `known`: what its place offers, as the caller
 * read it already (answer-facts.ts).
 */
export async function takeHold(t: EventTransaction, ticket: TicketRow, known?: Offered): Promise<Holder | undefined> {
  if (!holdable(ticket)) return undefined;
  const held = currentHolder(ticket);
  if (held) return held;
  const holder = known !== undefined ? known : await offered(t, ticket);
  if (!holder) return undefined;
  const integration = holder.kind === "integration";
  await t.db
    .update(tickets)
    .set({
      promptId: integration ? null : holder.promptId,
      integrationId: integration ? holder.integrationId : null,
      useIntegration: integration,
      chatbot: true,
      queueOptionId: null,
      updatedAt: new Date(),
    })
    .where(eq(tickets.id, ticket.id));
  const facts = { companyId: ticket.companyId, ticketId: ticket.id, byUserId: null, before: placeOf(ticket) };
  if (ticket.chatbot) t.record("ticket.changed", { companyId: ticket.companyId, ticketId: ticket.id });
  else t.record("ticket.botStarted", facts);
  return holder;
}

/** The ticket as it is now in this transaction (after the queue menu's decision). */
export async function reread(t: EventTransaction, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row;
}

export function sameHolder(a: Holder | undefined, b: Holder): boolean {
  if (a?.kind !== b.kind) return false;
  switch (b.kind) {
    case "prompt":
      return (a as typeof b).promptId === b.promptId;
    case "integration":
      return (a as typeof b).integrationId === b.integrationId;
    case "flowNode":
      return (a as typeof b).flowId === b.flowId && (a as typeof b).nodeId === b.nodeId;
  }
}

/** What a ticket no prompt, integration or flow node holds carries (released, accepted, closed). */
export const noHolder = {
  promptId: null,
  integrationId: null,
  useIntegration: false,
  holdFlowId: null,
  holdFlowNodeId: null,
};

/**
 * The holder hands the ticket to people: pending in `queueId` (the prompt's queue; null keeps it where it
 * is), no holder, and no prompt or integration takes it again until it is closed. False when the ticket is
 * no longer held by `holder` (an agent took it, it closed, another holder has it): nothing is changed.
 */
export async function releaseHold(
  t: EventTransaction,
  ticket: TicketRow,
  holder: Holder,
  queueId: number | null,
): Promise<boolean> {
  if (!sameHolder(currentHolder(ticket), holder) || ticket.status !== "pending" || ticket.userId !== null) return false;
  await handToPeople(t, ticket, queueId, noHolder);
  return true;
}

/**
 * A bot lets the ticket go to people (a holder's release, a flow run's end): `cleared` written, pending in
 * `queueId` (null keeps its queue), no bot, and no prompt or integration takes it again until it is closed.
 */
export async function handToPeople(
  t: EventTransaction,
  ticket: TicketRow,
  queueId: number | null,
  cleared: Partial<typeof tickets.$inferInsert>,
): Promise<void> {
  const target = queueId ?? ticket.queueId;
  await t.db
    .update(tickets)
    .set({
      ...cleared,
      queueId: target,
      chatbot: false,
      queueOptionId: null,
      holdReleased: true,
      ...(target !== ticket.queueId ? { queuedAt: new Date() } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(tickets.id, ticket.id));
  t.record("ticket.queued", {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    byUserId: null,
    before: placeOf(ticket),
    queueId: target,
  });
}
