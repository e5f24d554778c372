/**
 * Queue integrations (automation-areas §3, §5, §7; issue 17 items 5 and 6):
 * the only writer of queue_integrations. URLs the company stores (urlN8N, a
 * service account's token_uri) pass the SSRF guard when saved; jsonContent
 * and the signing secret are stored encrypted (integration-secrets.ts).
 * Changes are recorded as queueIntegration.* events (the subscribers publish
 * them to the company's administrators).
 */
import type { QueueIntegrationDto, QueueIntegrationPage, QueueIntegrationSave } from "@balcao/contracts";
import { queueIntegrationLimits } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { queueIntegrations, queues, tickets, whatsapps } from "../../db/schema/index.js";
import type { EventTransaction } from "../../events/bus.js";
import { placeOf } from "../../events/events.js";
import { AppError } from "../../http/errors.js";
import {
  encryptJsonContent,
  jsonContentOf,
  newSigningSecret,
  sentJsonContent,
} from "../../integrations/integration-secrets.js";
import { assertOutboundUrlAllowed } from "../../outbound/index.js";
import { presentQueueIntegration } from "./queue-integrations.presenter.js";
import { findQueueIntegration, listQueueIntegrations, type QueueIntegrationRow } from "./queue-integrations.queries.js";

export async function listQueueIntegrationsPage(
  ctx: Context,
  companyId: number,
  searchParam: string,
  pageNumber: number | undefined,
): Promise<QueueIntegrationPage> {
  const { rows, count } = await listQueueIntegrations(ctx.db, companyId, searchParam.trim(), pageNumber);
  const before = pageNumber === undefined ? 0 : (pageNumber - 1) * queueIntegrationLimits.pageSize;
  return { queueIntegrations: rows.map(presentQueueIntegration), count, hasMore: count > before + rows.length };
}

/** Another company's integration answers 404 as if it did not exist. */
export async function loadQueueIntegration(ctx: Context, companyId: number, id: number): Promise<QueueIntegrationRow> {
  const row = await findQueueIntegration(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/** The service account's token_uri, when the JSON names one: a URL the company stored, so guarded too. */
function tokenUriOf(json: string): string | undefined {
  try {
    const parsed = JSON.parse(json) as { token_uri?: unknown };
    return typeof parsed?.token_uri === "string" && parsed.token_uri ? parsed.token_uri : undefined;
  } catch {
    return undefined;
  }
}

async function assertUrlsAllowed(input: QueueIntegrationSave, jsonContent: string): Promise<void> {
  if (input.urlN8N) await assertOutboundUrlAllowed(input.urlN8N);
  const tokenUri = tokenUriOf(jsonContent);
  if (tokenUri) await assertOutboundUrlAllowed(tokenUri);
}

/** The columns a save writes (companyId, the secret and the times aside). */
function columns(input: QueueIntegrationSave, jsonContent: string) {
  return {
    type: input.type,
    name: input.name,
    projectName: input.projectName,
    jsonContent: encryptJsonContent(jsonContent),
    language: input.language,
    urlN8N: input.urlN8N,
    typebotSlug: input.typebotSlug,
    typebotExpires: input.typebotExpires,
    typebotDelayMessage: input.typebotDelayMessage,
    typebotKeywordFinish: input.typebotKeywordFinish,
    typebotKeywordRestart: input.typebotKeywordRestart,
    typebotRestartMessage: input.typebotRestartMessage,
    typebotUnknownMessage: input.typebotUnknownMessage,
  };
}

export async function createQueueIntegration(
  ctx: Context,
  companyId: number,
  input: QueueIntegrationSave,
): Promise<QueueIntegrationDto> {
  await assertUrlsAllowed(input, input.jsonContent);
  return ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .insert(queueIntegrations)
      .values({ ...columns(input, input.jsonContent), companyId, signingSecret: newSigningSecret() })
      .returning();
    t.record("queueIntegration.created", { companyId, integrationId: row!.id });
    return presentQueueIntegration(row!);
  });
}

export async function updateQueueIntegration(
  ctx: Context,
  companyId: number,
  id: number,
  input: QueueIntegrationSave,
): Promise<QueueIntegrationDto> {
  const current = await loadQueueIntegration(ctx, companyId, id);
  const jsonContent = sentJsonContent(input.jsonContent, jsonContentOf(current));
  await assertUrlsAllowed(input, jsonContent);
  return ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .update(queueIntegrations)
      .set({ ...columns(input, jsonContent), updatedAt: new Date() })
      .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND");
    t.record("queueIntegration.updated", { companyId, integrationId: id });
    return presentQueueIntegration(row);
  });
}

/** A new signing secret: deliveries signed from now on use it (the receiver must be told). */
export async function regenerateSigningSecret(
  ctx: Context,
  companyId: number,
  id: number,
): Promise<QueueIntegrationDto> {
  return ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .update(queueIntegrations)
      .set({ signingSecret: newSigningSecret(), updatedAt: new Date() })
      .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND");
    t.record("queueIntegration.updated", { companyId, integrationId: id });
    return presentQueueIntegration(row);
  });
}

/**
 * The tickets it holds stop being held (the foreign key alone would leave
 * useIntegration set), and queues and connections drop it, each recorded so
 * open lists and dialogs show the change.
 */
async function unlink(t: EventTransaction, companyId: number, integrationId: number): Promise<void> {
  const held = await t.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.integrationId, integrationId)))
    .for("update");
  for (const ticket of held) {
    await t.db
      .update(tickets)
      .set({ useIntegration: false, integrationId: null, chatbot: false, updatedAt: new Date() })
      .where(eq(tickets.id, ticket.id));
    t.record("ticket.changed", { companyId, ticketId: ticket.id, before: placeOf(ticket) });
  }
  const linked = and(eq(queues.companyId, companyId), eq(queues.integrationId, integrationId));
  for (const q of await t.db.update(queues).set({ integrationId: null }).where(linked).returning({ id: queues.id })) {
    t.record("queue.updated", { companyId, queueId: q.id });
  }
  const connections = await t.db
    .update(whatsapps)
    .set({ integrationId: null })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.integrationId, integrationId)))
    .returning({ id: whatsapps.id });
  for (const w of connections) t.record("whatsapp.saved", { companyId, whatsappId: w.id });
}

export async function deleteQueueIntegration(ctx: Context, companyId: number, id: number): Promise<void> {
  await ctx.events.transaction(async (t) => {
    const [row] = await t.db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)))
      .for("update");
    if (!row) throw new AppError("ERR_NOT_FOUND");
    await unlink(t, companyId, id);
    await t.db.delete(queueIntegrations).where(eq(queueIntegrations.id, id));
    t.record("queueIntegration.deleted", { companyId, integrationId: id });
  });
}

/** A queue or a connection may link only an integration of its own company (none: null). */
export async function assertIntegrationOfCompany(
  db: Context["db"],
  companyId: number,
  integrationId: number | null | undefined,
): Promise<void> {
  if (!integrationId) return;
  if (!(await findQueueIntegration(db, companyId, integrationId))) {
    throw new AppError("ERR_VALIDATION", { field: "integrationId" });
  }
}
