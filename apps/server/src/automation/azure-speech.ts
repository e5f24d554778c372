/**
 * Azure Speech text to speech (issue 18 item 5: a flow's openai node with a
 * voice other than "texto" answers with a voice note), on Microsoft's REST
 * API (learn.microsoft.com, "Text to speech REST API"):
 *
 *   POST {base}/cognitiveservices/v1
 *   Ocp-Apim-Subscription-Key: {key}, Content-Type: application/ssml+xml,
 *   X-Microsoft-OutputFormat: ogg-24khz-16bit-mono-opus, User-Agent
 *   <speak version="1.0" xml:lang="pt-BR"><voice name="pt-BR-…Neural">text</voice></speak>
 *   → 200 with the audio bytes
 *
 * Ogg/Opus mono is what WhatsApp plays as a voice note, so the bytes are sent
 * as they come. `base` is AZURE_SPEECH_URL (the operator's: tests, sovereign
 * clouds; trusted) or https://{region}.tts.speech.microsoft.com, through the
 * guarded client like every outside call.
 */
import { OutboundError, outboundFetch } from "../outbound/index.js";

export const speechOutputFormat = "ogg-24khz-16bit-mono-opus";

export interface SpeechVoice {
  /** The neural voice (§9: pt-BR-FranciscaNeural …). */
  name: string;
  /** The Speech resource's key, in plain text. */
  key: string;
  /** The resource's region (eastus, brazilsouth …). */
  region: string;
}

export class SpeechFailure extends Error {
  override readonly name = "SpeechFailure";
}

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEscapes[c]!);

export function ssmlOf(voice: string, text: string): string {
  return `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`;
}

/** Where to call: the operator's URL, or the region's host (a region is letters, digits and dashes only). */
function endpointOf(configured: string | undefined, region: string): { url: string; trusted: boolean } {
  if (configured) return { url: `${configured.replace(/\/+$/, "")}/cognitiveservices/v1`, trusted: true };
  const name = region.trim().toLowerCase();
  if (!/^[a-z0-9-]{2,40}$/.test(name)) throw new SpeechFailure(`not an Azure region: "${region.slice(0, 40)}"`);
  return { url: `https://${name}.tts.speech.microsoft.com/cognitiveservices/v1`, trusted: false };
}

/** The reply read aloud, as Ogg/Opus bytes; a SpeechFailure saying why when Azure gives none. */
export async function synthesizeSpeech(
  configured: string | undefined,
  voice: SpeechVoice,
  text: string,
): Promise<Buffer> {
  if (!voice.key) throw new SpeechFailure("the block has no voice key");
  const { url, trusted } = endpointOf(configured, voice.region);
  let res;
  try {
    res = await outboundFetch(url, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": voice.key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": speechOutputFormat,
        "User-Agent": "balcao",
      },
      body: ssmlOf(voice.name, text),
      timeoutMs: 15_000,
      maxBytes: 16 * 1024 * 1024,
      trusted,
    });
  } catch (err) {
    if (err instanceof OutboundError) throw new SpeechFailure(err.message);
    throw err;
  }
  if (!res.ok) throw new SpeechFailure(`Azure Speech answered ${res.status}`);
  if (res.bytes.length === 0) throw new SpeechFailure("Azure Speech answered no audio");
  return res.bytes;
}
