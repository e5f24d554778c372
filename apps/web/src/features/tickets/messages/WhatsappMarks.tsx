/**
 * WhatsApp's inline marks drawn as the phone draws them: *bold*, _italic_,
 * ~strike~. Every place that shows a message's text uses it (the bubble, the
 * quote inside a bubble, the reply preview above the input), so a signature
 * "*Ana:*" never shows its asterisks.
 */
import { Fragment } from "react";
import { textParts, type TextPart } from "./messageRules";

const markOf: Record<NonNullable<TextPart["style"]>, "strong" | "em" | "s"> = {
  bold: "strong",
  italic: "em",
  strike: "s",
};

export function WhatsappMarks({ text }: { text: string }) {
  return textParts(text).map((part, i) => {
    if (!part.style) return <Fragment key={i}>{part.text}</Fragment>;
    const Mark = markOf[part.style];
    return <Mark key={i}>{part.text}</Mark>;
  });
}
