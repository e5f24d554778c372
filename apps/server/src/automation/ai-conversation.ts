/**
 * What the AI is sent (issue 17 item 3; SERVER-BEHAVIOUR "AI prompts"), pure:
 * the prompt as system text, with the customer's name and the transfer rule,
 * then the ticket's **latest** `maxMessages` messages in chronological order
 * (the customer's as user, ours as assistant) — older products sent the
 * oldest ones, a known defect. And what its reply means: the transfer phrase
 * asks for people, and is never shown to the customer.
 */
import { promptTransferPhrase } from "@balcao/contracts";
import type { ChatMessage, ChatRequest } from "./ai-provider.js";

export interface HistoryMessage {
  fromMe: boolean;
  body: string;
  mediaType: string;
  transcription: string | null;
}

export interface PromptSettings {
  prompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

/** The system text: the company's training text, then who the customer is and when to hand over. */
export function systemText(prompt: string, customerName: string): string {
  const name = customerName.trim() || "cliente";
  return [
    prompt.trim(),
    "",
    `Você está conversando pelo WhatsApp com ${name}. Chame o cliente pelo nome quando for natural.`,
    `Se o cliente pedir para falar com um atendente humano, ou se você não souber ajudar, responda com a frase "${promptTransferPhrase}".`,
  ].join("\n");
}

/** What a message says in the conversation: its transcript for a voice note, its text, or what it is. */
export function contentOf(m: HistoryMessage): string {
  if (m.transcription?.trim()) return m.transcription.trim();
  if (m.body.trim()) return m.body.trim();
  return m.mediaType === "audio" ? "[áudio]" : `[${m.mediaType}]`;
}

/** `latestFirst`: the ticket's newest messages first, as read (at most maxMessages of them). */
export function chatRequest(
  settings: PromptSettings,
  customerName: string,
  latestFirst: readonly HistoryMessage[],
): ChatRequest {
  const history: ChatMessage[] = [...latestFirst]
    .reverse()
    .map((m) => ({ role: m.fromMe ? "assistant" : "user", content: contentOf(m) }));
  return {
    model: settings.model,
    messages: [{ role: "system", content: systemText(settings.prompt, customerName) }, ...history],
    temperature: settings.temperature,
    max_tokens: settings.maxTokens,
  };
}

export interface ReplyMeaning {
  /** What the customer is sent ("" when nothing is left once the phrase is out). */
  text: string;
  /** The AI asks for people: the ticket goes to the prompt's queue. */
  transfer: boolean;
}

/** The phrase, with the full stop or quotes a model may put around it. */
const phrasePattern = new RegExp(`["“]?${promptTransferPhrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["”]?[.!]?`, "g");

export function readReply(reply: string): ReplyMeaning {
  const transfer = reply.includes(promptTransferPhrase);
  const text = transfer
    ? reply
        .replace(phrasePattern, "")
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : reply.trim();
  return { text, transfer };
}
