/**
 * Typebot's answer as WhatsApp messages (issue 17 item 6): text bubbles from
 * rich text (Typebot's slate-like JSON) or markdown into WhatsApp's *bold*,
 * _italic_, ~strike~ and plain links; image, video and audio bubbles as
 * media; a choice input as a numbered list the customer answers with a
 * number or the choice's text.
 */
import type { PendingChoice } from "../../db/schema/index.js";
import type { BotReply } from "../replies.js";
import type { TypebotAnswer, TypebotBubble, TypebotInput } from "./typebot-client.js";

interface RichNode {
  text?: string;
  type?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

/** Markers around the text, outside its leading and trailing spaces (WhatsApp needs them against the word). */
function wrap(text: string, marker: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return m[2] ? `${m[1]}${marker}${m[2]}${marker}${m[3]}` : text;
}

function linkText(label: string, url: string | undefined): string {
  if (!url) return label;
  return !label.trim() || label.trim() === url ? url : `${label} (${url})`;
}

function inline(node: RichNode): string {
  if (typeof node.text === "string") {
    let text = node.text;
    if (node.bold) text = wrap(text, "*");
    if (node.italic) text = wrap(text, "_");
    if (node.strikethrough) text = wrap(text, "~");
    return text;
  }
  const inner = (node.children ?? []).map(inline).join("");
  return node.type === "a" ? linkText(inner, node.url) : inner;
}

const blockTypes = new Set(["p", "h1", "h2", "h3", "blockquote", "li", "lic"]);

/** Top-level blocks are lines; list blocks (ul, ol) give a line per item. */
function lines(node: RichNode): string[] {
  if (node.type === "ul" || node.type === "ol") {
    return (node.children ?? []).flatMap((item, i) =>
      lines(item).map((l, j) => (j === 0 ? `${node.type === "ol" ? `${i + 1}.` : "•"} ${l}` : l)),
    );
  }
  if (node.children?.some((c) => c.type !== undefined && blockTypes.has(c.type))) return node.children.flatMap(lines);
  return [inline(node)];
}

export function richTextToWhatsApp(richText: unknown): string {
  if (!Array.isArray(richText)) return "";
  return (richText as RichNode[]).flatMap(lines).join("\n").trim();
}

/** Markdown's **bold**, *italic* / _italic_, ~~strike~~ and [text](url) in WhatsApp's marks. */
export function markdownToWhatsApp(markdown: string): string {
  const bold = "\u0000";
  return markdown
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => linkText(label, url))
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, `${bold}$2${bold}`)
    .replace(/(^|[^\\*\w])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1_$2_")
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "~$1~")
    .replace(new RegExp(bold, "g"), "*")
    .replace(/\\([*_~`[\]()#+\-.!])/g, "$1")
    .trim();
}

function bubbleText(bubble: TypebotBubble): string {
  const c = bubble.content ?? {};
  if (c.type === "markdown" || typeof c.markdown === "string") return markdownToWhatsApp(c.markdown ?? "");
  if (c.richText !== undefined) return richTextToWhatsApp(c.richText);
  return c.plainText ?? "";
}

function bubbleReply(bubble: TypebotBubble): BotReply | undefined {
  const url = bubble.content?.url;
  switch (bubble.type) {
    case "text": {
      const text = bubbleText(bubble);
      return text ? { kind: "text", text } : undefined;
    }
    case "image":
    case "audio":
      return url ? { kind: "media", mediaType: bubble.type, url } : undefined;
    case "video":
      // A YouTube or Vimeo video is a page, not a file: its link.
      if (!url) return undefined;
      return bubble.content?.type && bubble.content.type !== "url"
        ? { kind: "text", text: url }
        : { kind: "media", mediaType: "video", url };
    case "embed":
      return url ? { kind: "text", text: url } : undefined;
    default:
      return undefined;
  }
}

/** The choices of a choice input (buttons, picture choices), numbered from 1. */
export function choicesOf(input: TypebotInput | undefined): PendingChoice[] | null {
  if (!input || !input.items?.length) return null;
  if (input.type !== "choice input" && input.type !== "picture choice input") return null;
  return input.items.map((item) => ({ id: item.id, content: item.content ?? item.title ?? "" }));
}

export function choiceList(choices: PendingChoice[]): string {
  return choices.map((c, i) => `*${i + 1}* - ${c.content}`).join("\n");
}

/** The customer's answer to pending choices: "2" or the choice's own text is that choice's text. */
export function answerFor(text: string, choices: PendingChoice[] | null): string {
  if (!choices?.length) return text;
  const trimmed = text.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
  if (n >= 1 && n <= choices.length) return choices[n - 1]!.content;
  return choices.find((c) => c.content.trim().toLowerCase() === trimmed.toLowerCase())?.content ?? text;
}

export function renderAnswer(answer: TypebotAnswer): { replies: BotReply[]; choices: PendingChoice[] | null } {
  const replies = (answer.messages ?? []).flatMap((b) => bubbleReply(b) ?? []);
  const choices = choicesOf(answer.input);
  if (choices) replies.push({ kind: "text", text: choiceList(choices) });
  return { replies, choices };
}
