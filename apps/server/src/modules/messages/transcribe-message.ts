/**
 * POST /messages/{id}/transcribe (issue 17 item 4): an agent's "Transcrever"
 * on an audio message of a ticket they see (as every message route), when the
 * ticket's prompt, its queue's or its connection's can transcribe it; a
 * message already transcribed answers as it is. Anything else answers
 * ERR_TRANSCRIPTION_UNAVAILABLE; a provider that fails, ERR_TRANSCRIPTION_FAILED.
 */
import type { MessageDto } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { ProviderFailure } from "../../automation/ai-provider.js";
import { transcribeMessage } from "../../automation/transcribe.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { promptForTicket } from "../prompts/prompts.queries.js";
import { loadMessage } from "./messages.presenter.js";
import { reachableMessage } from "./messages.service.js";

export async function transcribeForAgent(ctx: Context, who: AccessClaims, id: number): Promise<MessageDto> {
  const { message, ticket } = await reachableMessage(ctx, who, id);
  if (message.mediaType !== "audio" || !message.mediaPath || message.isDeleted) {
    throw new AppError("ERR_TRANSCRIPTION_UNAVAILABLE", { reason: "notAudio" });
  }
  if (message.transcription === null) {
    const prompt = await promptForTicket(ctx.db, who.companyId, ticket);
    if (!prompt) throw new AppError("ERR_TRANSCRIPTION_UNAVAILABLE", { reason: "noPrompt" });
    try {
      await transcribeMessage(
        ctx,
        { companyId: who.companyId, ticketId: ticket.id, messageId: id, mediaPath: message.mediaPath },
        prompt,
      );
    } catch (err) {
      if (!(err instanceof ProviderFailure)) throw err;
      ctx.log.warn({ messageId: id, reason: err.reason }, "transcription failed");
      throw new AppError("ERR_TRANSCRIPTION_FAILED");
    }
  }
  return (await loadMessage(ctx.db, who.companyId, id))!;
}
