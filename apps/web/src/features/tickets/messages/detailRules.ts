/**
 * How the web shows what a message carries beyond its text (MessageDto.details,
 * issue 19 item 3): prices in the agent's language, links that open only the
 * web, and the words of a notice.
 */
import type { MessageDetails } from "@balcao/contracts";

/** A price as the agent's language writes it ("R$ 19,90", "$19.90"); a code Intl does not know is shown as sent. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount} ${currency}`.trim();
  }
}

/** An ad's link as an href: http(s) only, so a "javascript:" a payload might carry never becomes a link. */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export type Notice = NonNullable<MessageDetails["notice"]>;

/**
 * The i18n key of a notice: a number change (moved, or kept beside the
 * contact that already had the new number) in the agent's words; any other
 * notice WhatsApp's own words under a generic label.
 */
export function noticeKey(
  notice: Notice,
): "messageDetails.notice.numberChange" | "messageDetails.notice.numberChangeKept" | "messageDetails.notice.other" {
  if (notice.kind === "numberChange" && notice.from && notice.to) return "messageDetails.notice.numberChange";
  if (notice.kind === "numberChangeKept") return "messageDetails.notice.numberChangeKept";
  return "messageDetails.notice.other";
}
