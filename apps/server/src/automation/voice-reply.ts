/**
 * The AI's reply as a voice note (issue 18 item 5: a flow's AI block with a
 * voice other than "texto"): read aloud by Azure Speech (azure-speech.ts)
 * before the turn's transaction (a slow Azure must not hold the ticket's
 * lock), kept in the company's media as Ogg/Opus, then stored and sent like
 * any automatic file (integrations/replies.ts queueReplies). The message's
 * body keeps the text, so agents read what was said and the AI's history
 * has it. Azure failing, or answering what is no Ogg file, sends the text
 * instead: the customer is answered either way.
 */
import { Readable } from "node:stream";
import type { Context } from "../context.js";
import { AppError } from "../http/errors.js";
import type { PreparedReply } from "../integrations/replies.js";
import { voiceNoteMimetype } from "../media/voice-note.js";
import { decryptSecret } from "../secrets/index.js";
import { SpeechFailure, synthesizeSpeech, type SpeechVoice } from "./azure-speech.js";

const voiceKind = { extensions: [".ogg"], maxBytes: 16 * 1024 * 1024 };

/** The text as a voice note ready to store; the text alone when Azure gives no usable audio. */
export async function voiceReply(
  ctx: Context,
  companyId: number,
  voice: SpeechVoice,
  text: string,
): Promise<PreparedReply> {
  try {
    const key = decryptSecret(voice.key);
    const audio = await synthesizeSpeech(ctx.config.AZURE_SPEECH_URL, { ...voice, key }, text);
    const received = await ctx.media.receive(Readable.from([audio]), voiceKind.maxBytes);
    try {
      const stored = await ctx.media.keep(companyId, { ...received, filename: "resposta.ogg" }, voiceKind);
      return { body: text, media: { mediaType: "audio", ...stored, mimetype: voiceNoteMimetype, voiceNote: true } };
    } finally {
      await ctx.media.discard([received]);
    }
  } catch (err) {
    if (!(err instanceof SpeechFailure || err instanceof AppError)) throw err;
    ctx.log.warn({ companyId, voice: voice.name, reason: err.message }, "voice reply not synthesised: sent as text");
    return { body: text };
  }
}
