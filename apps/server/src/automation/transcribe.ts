/**
 * Voice notes as text (issue 17 item 4): an audio message's file sent to the
 * prompt's provider (`{baseUrl}/audio/transcriptions`, its
 * transcriptionModel), the transcript stored on the message and announced
 * with its appMessage update. The AI's turn does it for a voice note on a
 * ticket it answers (ai-turn.job.ts); an agent's "Transcrever" for any audio
 * message of a ticket whose queue or connection has a prompt
 * (messages/transcribe-message.ts).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Context } from "../context.js";
import { messages } from "../db/schema/index.js";
import { decryptSecret } from "../secrets/index.js";
import { transcribe, type AiEndpoint } from "./ai-provider.js";

/** The prompt's provider: its own baseUrl (checked when called), or the operator's OPENAI_BASE_URL (trusted). */
export function endpointOf(ctx: Context, prompt: { baseUrl: string; apiKey: string }): AiEndpoint {
  const own = prompt.baseUrl.trim();
  return {
    baseUrl: own || ctx.config.OPENAI_BASE_URL,
    trusted: !own,
    apiKey: decryptSecret(prompt.apiKey),
  };
}

/** The names providers read an audio file's format from (WhatsApp's voice notes are OGG/Opus). */
const audioTypes: Record<string, string> = {
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".mp3": "audio/mpeg",
  ".mpeg": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".mp4": "audio/mp4",
  ".aac": "audio/aac",
  ".wav": "audio/wav",
  ".webm": "audio/webm",
  ".flac": "audio/flac",
  ".amr": "audio/amr",
};

export interface AudioMessage {
  companyId: number;
  ticketId: number;
  messageId: number;
  mediaPath: string;
}

export interface TranscribingPrompt {
  baseUrl: string;
  apiKey: string;
  transcriptionModel: string;
}

/** The transcript, stored on the message and announced; throws ProviderFailure when the provider fails. */
export async function transcribeMessage(
  ctx: Context,
  audio: AudioMessage,
  prompt: TranscribingPrompt,
): Promise<string> {
  const file = ctx.media.resolve(audio.mediaPath);
  const ext = path.extname(file).toLowerCase();
  // ".opus" is OGG inside; providers know the format by ".ogg".
  const name = `audio${ext === ".opus" || ext === ".oga" ? ".ogg" : ext}`;
  const text = await transcribe(endpointOf(ctx, prompt), prompt.transcriptionModel, {
    bytes: await readFile(file),
    name,
    mimetype: audioTypes[ext] ?? "application/octet-stream",
  });
  await ctx.db
    .update(messages)
    .set({ transcription: text, updatedAt: new Date() })
    .where(and(eq(messages.id, audio.messageId), eq(messages.companyId, audio.companyId)));
  await ctx.events.published("message.updated", {
    companyId: audio.companyId,
    ticketId: audio.ticketId,
    messageId: audio.messageId,
  });
  return text;
}
