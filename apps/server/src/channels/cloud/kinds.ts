/**
 * The Cloud API kinds beyond text and media (issue 19 item 3), as Meta's
 * "messages" webhook reference documents them: what WhatsApp cannot hand over
 * (`unsupported`, errors 131051/131060), orders, `system` account events (a
 * number change), and what any message may carry: the click-to-WhatsApp ad it
 * came from (`referral`) and WhatsApp's forwarded marks (`context`).
 */
import type { MediaType, MessageDetails, OrderItem } from "@balcao/contracts";
import { cloudReferralSchema, type CloudError, type CloudMessage } from "./payload.js";

export interface KindContent {
  mediaType: MediaType;
  body: string;
  details: MessageDetails;
}

const digits = (s: string) => s.replace(/\D/g, "");

/** WhatsApp's reason in one line: "Message type unknown — Message type is currently not supported. (#131051)". */
export function errorReason(errors: CloudError[] | undefined): string {
  const e = errors?.[0];
  if (!e) return "";
  const words = [...new Set([e.title ?? e.message, e.error_data?.details].filter((w): w is string => Boolean(w)))];
  return [words.join(" — "), e.code ? `(#${e.code})` : ""].join(" ").trim();
}

/**
 * A kind WhatsApp does not hand to the API (a poll, an edit, a pin…), or a
 * message it cannot make available (131060): its body names the kind as
 * WhatsApp gives it (`unsupported.type`), "unknown" when it gives none.
 */
export function unsupportedContent(m: CloudMessage): KindContent {
  const kind = m.unsupported?.type?.trim() || "unknown";
  return { mediaType: "unsupported", body: kind, details: { notice: { kind, reason: errorReason(m.errors) } } };
}

/** Float sums of prices carry noise (0.1 + 0.2); no currency has more than a few decimals. */
const rounded = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A cart the customer sent from the catalog. The body is the customer's note
 * or, without one, the items in a line ("2× sku-1, 1× sku-2") for the ticket
 * list and search; the total exists only when every item has one currency.
 */
export function orderContent(order: NonNullable<CloudMessage["order"]>): KindContent {
  const items: OrderItem[] = (order.product_items ?? []).map((item) => ({
    productId: item.product_retailer_id,
    title: "",
    quantity: item.quantity,
    price: item.item_price,
    currency: item.currency,
  }));
  const currencies = new Set(items.map((item) => item.currency));
  const total =
    items.length > 0 && currencies.size === 1
      ? { amount: rounded(items.reduce((sum, i) => sum + i.quantity * i.price, 0)), currency: items[0]!.currency }
      : null;
  const note = order.text?.trim() ?? "";
  const body = note || items.map((item) => `${item.quantity}× ${item.productId}`).join(", ");
  return { mediaType: "order", body, details: { order: { catalogId: order.catalog_id ?? "", items, total, note } } };
}

/** `user_changed_number` today, `customer_changed_number` (with new_wa_id) in Graph versions before v12. */
const numberChangeTypes = new Set(["user_changed_number", "customer_changed_number"]);

/**
 * An account event shown as a notice on the ticket. A number change names
 * the old number (`from`, the message's sender) and the new one (`wa_id`);
 * ingest moves the contact (modules/messages/number-change.ts). Any other
 * event (a changed business-scoped id…) is a notice of its own type.
 */
export function systemContent(system: NonNullable<CloudMessage["system"]>, from: string): KindContent {
  const reason = system.body ?? "";
  const type = system.type?.trim() || "system";
  if (!numberChangeTypes.has(type))
    return { mediaType: "notice", body: reason || type, details: { notice: { kind: type, reason } } };
  const to = digits(system.wa_id ?? String(system.new_wa_id ?? ""));
  return {
    mediaType: "notice",
    // The numbers alone, not WhatsApp's English sentence: the ticket list shows the body in any language.
    body: to ? `${from} → ${to}` : reason,
    details: { notice: { kind: "numberChange", reason, from, ...(to ? { to } : {}) } },
  };
}

/** What any message may carry beyond its kind: the ad it came from and WhatsApp's forwarded marks. */
export function carriedDetails(m: CloudMessage): MessageDetails {
  const details: MessageDetails = {};
  if (m.context?.frequently_forwarded) details.forwarded = "frequently";
  else if (m.context?.forwarded) details.forwarded = "forwarded";
  const ad = m.referral === undefined ? undefined : cloudReferralSchema.safeParse(m.referral);
  // An ad whose fields do not read is left out; the whole message stays in providerData.
  if (ad?.success)
    details.referral = {
      headline: ad.data.headline ?? "",
      body: ad.data.body ?? "",
      sourceUrl: ad.data.source_url ?? "",
      sourceType: ad.data.source_type ?? "",
    };
  return details;
}

/** The message's details, or undefined when it has none (most messages). */
export function detailsOf(own: MessageDetails | undefined, m: CloudMessage): MessageDetails | undefined {
  const details = { ...own, ...carriedDetails(m) };
  return Object.keys(details).length > 0 ? details : undefined;
}
