/**
 * AI prompts (automation-areas "Prompts", issue 17 item 1): the only writer of
 * the prompts table. The key is stored encrypted and answered masked; a save
 * that sends the mask back keeps it. A prompt's own baseUrl passes the SSRF
 * guard when saved (and again when called: automation/ai-provider.ts).
 * `lastUpdate` is set on every save. Deleting a prompt lets go of the tickets
 * it holds and clears it from queues and connections (foreign keys ON DELETE
 * SET NULL), each recorded so open lists follow. Changes are recorded as
 * prompt.* events (prompts.subscribers.ts publishes them to administrators).
 */
import type { PromptDto, PromptList, PromptSave } from "@balcao/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { EventTransaction } from "../../events/bus.js";
import { prompts, queues, tickets, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { assertOutboundUrlAllowed } from "../../outbound/index.js";
import { encryptSecret, keepOrReplace } from "../../secrets/index.js";
import { countOwnQueues } from "../users/users.queries.js";
import { presentPrompt } from "./prompts.presenter.js";
import { findPrompt, isOwnPrompt, listPrompts, type PromptRow, type PromptWithQueue } from "./prompts.queries.js";

export async function getPrompts(ctx: Context, companyId: number): Promise<PromptList> {
  return { prompts: (await listPrompts(ctx.db, companyId)).map(presentPrompt) };
}

/** Another company's prompt answers 404 as if it did not exist. */
export async function loadPrompt(ctx: Context, companyId: number, id: number): Promise<PromptWithQueue> {
  const row = await findPrompt(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return row;
}

/**
 * For queues and connections that link a prompt: none, or one of the company's own (another company's, or
 * an unknown id, answers as if it did not exist, naming the field).
 */
export async function assertOwnPrompt(ctx: Context, companyId: number, promptId: number | null | undefined) {
  if (promptId && !(await isOwnPrompt(ctx.db, companyId, promptId))) {
    throw new AppError("ERR_NOT_FOUND", { field: "promptId" });
  }
}

async function checkInput(ctx: Context, companyId: number, input: PromptSave) {
  if ((await countOwnQueues(ctx.db, companyId, [input.queueId])) !== 1) {
    throw new AppError("ERR_NOT_FOUND", { field: "queueId" });
  }
  if (input.baseUrl) await assertOutboundUrlAllowed(input.baseUrl, { field: "baseUrl" });
}

/** The columns a save writes (the key apart: encrypted on create, kept or replaced on update). */
function columnsOf(input: PromptSave) {
  return {
    name: input.name,
    prompt: input.prompt,
    model: input.model,
    maxTokens: input.maxTokens,
    temperature: input.temperature,
    queueId: input.queueId,
    maxMessages: input.maxMessages,
    baseUrl: input.baseUrl,
    transcriptionModel: input.transcriptionModel,
  };
}

async function presentSaved(ctx: Context, companyId: number, id: number): Promise<PromptDto> {
  return presentPrompt((await findPrompt(ctx.db, companyId, id))!);
}

export async function createPrompt(ctx: Context, companyId: number, input: PromptSave): Promise<PromptDto> {
  await checkInput(ctx, companyId, input);
  const id = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .insert(prompts)
      .values({ ...columnsOf(input), apiKey: encryptSecret(input.apiKey), companyId, lastUpdate: new Date() })
      .returning({ id: prompts.id });
    e.record("prompt.created", { companyId, promptId: row!.id });
    return row!.id;
  });
  return presentSaved(ctx, companyId, id);
}

export async function updatePrompt(ctx: Context, companyId: number, id: number, input: PromptSave): Promise<PromptDto> {
  const current: PromptRow = await loadPrompt(ctx, companyId, id);
  await checkInput(ctx, companyId, input);
  const now = new Date();
  await ctx.events.transaction(async (e) => {
    await e.db
      .update(prompts)
      .set({
        ...columnsOf(input),
        apiKey: keepOrReplace(input.apiKey, current.apiKey),
        lastUpdate: now,
        updatedAt: now,
      })
      .where(and(eq(prompts.id, id), eq(prompts.companyId, companyId)));
    e.record("prompt.updated", { companyId, promptId: id });
  });
  return presentSaved(ctx, companyId, id);
}

/** The tickets the prompt holds let go (the bot icon goes), each announced; closed ones just lose the link. */
async function releaseHeldTickets(e: EventTransaction, companyId: number, promptId: number) {
  const released = await e.db
    .update(tickets)
    .set({ promptId: null, chatbot: false, updatedAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.promptId, promptId), ne(tickets.status, "closed")))
    .returning({ id: tickets.id });
  for (const { id } of released) e.record("ticket.changed", { companyId, ticketId: id });
}

/** Queues and connections that link the prompt, announced as changed (the foreign keys clear the link). */
async function recordLinksCleared(e: EventTransaction, companyId: number, promptId: number) {
  const linkedQueues = await e.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.promptId, promptId)));
  for (const { id } of linkedQueues) e.record("queue.updated", { companyId, queueId: id });
  const linkedConnections = await e.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.promptId, promptId)));
  for (const { id } of linkedConnections) e.record("whatsapp.saved", { companyId, whatsappId: id });
}

export async function deletePrompt(ctx: Context, companyId: number, id: number): Promise<void> {
  await loadPrompt(ctx, companyId, id);
  await ctx.events.transaction(async (e) => {
    e.record("prompt.deleted", { companyId, promptId: id });
    await releaseHeldTickets(e, companyId, id);
    await recordLinksCleared(e, companyId, id);
    await e.db.delete(prompts).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId)));
  });
}
