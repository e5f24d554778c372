/**
 * Prompt realtime, driven by the domain events after their commit, on
 * company-{companyId}-prompt (automation-areas §4): the prompt on create and
 * update, its id on delete. Only the company's administrators hear it (the
 * admins room: realtime.ts): prompts are theirs alone (§6), and agents have
 * no business reading a provider's settings.
 */
import { rooms } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { presentPrompt } from "./prompts.presenter.js";
import { findPrompt } from "./prompts.queries.js";

/** One deleted meanwhile has nothing left to show. */
async function publish(
  ctx: Context,
  action: "create" | "update",
  { companyId, promptId }: DomainEvents["prompt.created"],
) {
  const row = await findPrompt(ctx.db, companyId, promptId);
  if (!row) return;
  ctx.realtime.emit("prompt", { companyId, room: rooms.admins(companyId) }, { action, prompt: presentPrompt(row) });
}

export function subscribePromptRealtime(ctx: Context): void {
  ctx.events.on("prompt.created", (e) => publish(ctx, "create", e));
  ctx.events.on("prompt.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("prompt.deleted", ({ companyId, promptId }) =>
    ctx.realtime.emit("prompt", { companyId, room: rooms.admins(companyId) }, { action: "delete", promptId }),
  );
}
