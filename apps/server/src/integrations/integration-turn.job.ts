/**
 * An integration's turn (issue 17 item 6): a customer's message on a ticket
 * an integration holds, queued by answer-inbound (automation/holder-turns.ts)
 * in the transaction that took the message. By type: Typebot and Dialogflow
 * are called and their answers sent; n8n and webhook get a signed durable
 * delivery (deliveries/). A flowbuilder integration holds no ticket (it starts flows:
 * automation/flows/flow-turn.ts); one that held a ticket before flows ran lets it go.
 * A flow's typebot node (issue 18 item 5; automation/flows/node-hold.ts) takes
 * the Typebot turn with its block's fields, read from the flow at each turn; a
 * node deleted meanwhile, or its flow, lets the ticket go to people.
 *
 * Never twice, never lost: the bot is called before the turn's transaction;
 * that transaction claims the message on the ticket's integration session
 * (seenMessageId), stores the replies and queues their sending
 * (send-sweep.ts), all or nothing. A crash before the commit runs the
 * turn again (the bot may hear the message twice; the customer gets one
 * answer); after it, the claim makes a run again a no-op.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.js";
import { readHeldNode } from "../automation/flows/node-hold.js";
import { typebotNodeSettings } from "../automation/flows/typebot-node.js";
import { currentHolder, releaseHold, sameHolder, type Holder } from "../automation/holder.js";
import type { Db } from "../db/client.js";
import { contacts, integrationSessions, messages, queueIntegrations, tickets } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { lockTicket } from "../modules/tickets/ticket-moves.js";
import { queueMessageDelivery } from "./deliveries/index.js";
import { runDialogflow } from "./dialogflow/dialogflow-runner.js";
import { discardReplies, prepareReplies, queueReplies } from "./replies.js";
import { noSession, type TurnOutcome } from "./turn-outcome.js";
import { runTypebot } from "./typebot/typebot-runner.js";

const id = z.number().int().positive();
const turn = z.object({ companyId: id, ticketId: id, messageId: id });
const payload = z.union([
  turn.extend({ integrationId: id }),
  turn.extend({ flowId: id, nodeId: z.string().min(1).max(100) }),
]);
type Payload = z.infer<typeof payload>;
type IntegrationPayload = Extract<Payload, { integrationId: number }>;
type TicketRow = typeof tickets.$inferSelect;
type SessionRow = typeof integrationSessions.$inferSelect;

export const integrationTurn: JobDefinition<Payload> = {
  name: "integration-turn",
  payload,
  // Calls the bot first (10 s a call; Dialogflow at worst a token and 3 attempts with 5 s between, about 45 s;
  // a bubble's files 15 s each), then commits. A run whose process died is run again once this is up.
  policy: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  companyOf: (_ctx, data) => data.companyId,
  run: (ctx, data) => runTurn(ctx, data),
};

const holderOf = (data: Payload): Holder =>
  "integrationId" in data
    ? { kind: "integration", integrationId: data.integrationId }
    : { kind: "flowNode", flowId: data.flowId, nodeId: data.nodeId };

/** The ticket is still this integration's (or node's), and nobody attends it. */
function stillHeld(ticket: TicketRow, data: Payload): boolean {
  return sameHolder(currentHolder(ticket), holderOf(data)) && ticket.status === "pending" && ticket.userId === null;
}

/** The integration of the company, or a typebot node's block as an integration of type typebot. */
async function integrationOf(db: Db, data: Payload) {
  if ("integrationId" in data) {
    const [row] = await db
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.id, data.integrationId), eq(queueIntegrations.companyId, data.companyId)));
    return row;
  }
  const node = await readHeldNode(db, data.companyId, data);
  return node?.type === "typebot" ? { type: "typebot" as const, ...typebotNodeSettings(node.fields) } : undefined;
}

async function readTurn(db: Db, { companyId, ticketId, messageId }: Payload) {
  const [row] = await db
    .select({ ticket: tickets, text: messages.body, contact: { number: contacts.number, name: contacts.name } })
    .from(tickets)
    .innerJoin(messages, and(eq(messages.id, messageId), eq(messages.ticketId, tickets.id)))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) return undefined;
  const [session] = await db.select().from(integrationSessions).where(eq(integrationSessions.ticketId, ticketId));
  return { ...row, session };
}

/**
 * Marks the message's turn taken on the ticket's session, with the session's state after it; false when
 * this message (or a newer one) was taken already.
 */
async function claimTurn(t: EventTransaction, data: Payload, session: TurnOutcome["session"]): Promise<boolean> {
  const values = {
    ticketId: data.ticketId,
    companyId: data.companyId,
    integrationId: "integrationId" in data ? data.integrationId : null,
    flowId: "flowId" in data ? data.flowId : null,
    flowNodeId: "nodeId" in data ? data.nodeId : null,
    sessionId: session.sessionId,
    pendingChoices: session.pendingChoices,
    seenMessageId: data.messageId,
    lastActivityAt: new Date(),
  };
  const claimed = await t.db
    .insert(integrationSessions)
    .values(values)
    .onConflictDoUpdate({
      target: integrationSessions.ticketId,
      set: values,
      setWhere: sql`coalesce(${integrationSessions.seenMessageId}, 0) < ${data.messageId}::int`,
    })
    .returning({ ticketId: integrationSessions.ticketId });
  return claimed.length > 0;
}

/** The turn's transaction: on the locked ticket, still held, the message claimed; then `apply`. */
function commit(
  ctx: Context,
  data: Payload,
  session: TurnOutcome["session"],
  apply: (t: EventTransaction, ticket: TicketRow) => Promise<void>,
): Promise<boolean> {
  return ctx.events.transaction(async (t) => {
    const ticket = await lockTicket(t, data.companyId, data.ticketId);
    if (!ticket || !stillHeld(ticket, data)) return false;
    if (!(await claimTurn(t, data, session))) return false;
    await apply(t, ticket);
    return true;
  });
}

/**
 * The ticket's session, unless another integration (or node) left it (the connection's, before a queue
 * was chosen) or it predates the ticket's last accept or close (a hold begun anew starts a new chat).
 */
function liveSession(session: SessionRow | undefined, ticket: TicketRow, data: Payload) {
  const ours =
    "integrationId" in data
      ? session?.integrationId === data.integrationId
      : session?.flowId === data.flowId && session.flowNodeId === data.nodeId;
  if (!session || !ours) return undefined;
  const since = Math.max(ticket.acceptedAt?.getTime() ?? 0, ticket.closedAt?.getTime() ?? 0);
  return session.lastActivityAt.getTime() > since ? session : undefined;
}

type Bot = NonNullable<Awaited<ReturnType<typeof integrationOf>>>;
type Turn = NonNullable<Awaited<ReturnType<typeof readTurn>>>;

async function decide(ctx: Context, data: Payload, turn: Turn, bot: Bot) {
  const { ticket, text, contact } = turn;
  const session = liveSession(turn.session, ticket, data);
  // A node's block (no row id) is always a Typebot.
  if (bot.type === "typebot" || !("id" in bot))
    return runTypebot({ integration: bot, session, text, contact, now: new Date() });
  return runDialogflow({ integration: bot, apiUrl: ctx.config.DIALOGFLOW_API_URL, ticketUuid: ticket.uuid, text });
}

/**
 * The node was deleted, or its flow (or made inactive), or the holder is a flowbuilder integration: the
 * ticket waits in its queue for people.
 */
function letGo(ctx: Context, data: Payload): Promise<unknown> {
  return ctx.events.transaction(async (t) => {
    const ticket = await lockTicket(t, data.companyId, data.ticketId);
    if (ticket && stillHeld(ticket, data)) await releaseHold(t, ticket, holderOf(data), null);
  });
}

/** Deliveries only claim the message; a flowbuilder integration lets the ticket go. */
async function withoutAnswer(ctx: Context, data: IntegrationPayload, type: string): Promise<void> {
  if (type === "n8n" || type === "webhook") await commit(ctx, data, noSession, (t) => queueMessageDelivery(t, data));
  else await letGo(ctx, data);
}

async function runTurn(ctx: Context, data: Payload): Promise<void> {
  const turn = await readTurn(ctx.db, data);
  if (!turn || !stillHeld(turn.ticket, data)) return;
  if ((turn.session?.seenMessageId ?? 0) >= data.messageId) return;
  const bot = await integrationOf(ctx.db, data);
  if (!bot) {
    if (!("integrationId" in data)) await letGo(ctx, data);
    return;
  }
  if (bot.type !== "typebot" && bot.type !== "dialogflow") {
    if ("integrationId" in data) await withoutAnswer(ctx, data, bot.type);
    return;
  }
  const outcome = await decide(ctx, data, turn, bot);
  if (outcome.failure) {
    ctx.log.warn({ ...holderOf(data), ticketId: data.ticketId, failure: outcome.failure }, "integration failed");
  }
  const replies = await prepareReplies(ctx, data.companyId, outcome.replies);
  const delayMs = bot.type === "typebot" ? bot.typebotDelayMessage : 0;
  const committed = await commit(ctx, data, outcome.session, async (t, ticket) => {
    await queueReplies(t, ticket, replies, delayMs);
    if (outcome.handOn) await releaseHold(t, ticket, holderOf(data), null);
  }).catch(async (err: unknown) => {
    await discardReplies(ctx, replies);
    throw err;
  });
  if (!committed) await discardReplies(ctx, replies);
}
