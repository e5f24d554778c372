/**
 * WhatsApp Web kinds that carry more than a text (issue 19 item 3): polls,
 * events and shared catalog products, as MessageDetails with a plain-text
 * body (the question, the event's name, the product's title) for the ticket
 * list, search and clients that do not know the part.
 */
import type { MediaType, MessageDetails } from "@balcao/contracts";
import { toNumber, type proto } from "@whiskeysockets/baileys";

export interface RichContent {
  mediaType: MediaType;
  body: string;
  details: MessageDetails;
}

type Long = Parameters<typeof toNumber>[0];

/**
 * The poll a message creates, whichever of WhatsApp's versions carries it
 * (V1–V3 and V5 share one shape; V4 wraps a whole message).
 */
export function pollCreationOf(c: proto.IMessage | null | undefined): proto.Message.IPollCreationMessage | undefined {
  if (!c) return undefined;
  return (
    c.pollCreationMessage ??
    c.pollCreationMessageV2 ??
    c.pollCreationMessageV3 ??
    c.pollCreationMessageV5 ??
    pollCreationOf(c.pollCreationMessageV4?.message) ??
    undefined
  );
}

function pollContent(poll: proto.Message.IPollCreationMessage): RichContent {
  const question = poll.name ?? "";
  const options = (poll.options ?? []).map((o) => o.optionName ?? "");
  const selectableCount = poll.selectableOptionsCount ?? 0;
  return { mediaType: "poll", body: question, details: { poll: { question, options, selectableCount, votes: [] } } };
}

/** Unix seconds → ISO date; WhatsApp leaves 0 where there is none (an event without an end). */
function isoOf(seconds: Long | null | undefined): string | null {
  const value = toNumber(seconds);
  return value > 0 ? new Date(value * 1000).toISOString() : null;
}

function eventContent(e: proto.Message.IEventMessage): RichContent {
  const name = e.name ?? "";
  const location = [e.location?.name, e.location?.address].filter(Boolean).join(", ");
  const event = {
    name,
    description: e.description ?? "",
    startAt: isoOf(e.startTime),
    endAt: isoOf(e.endTime),
    location,
    joinLink: e.joinLink ?? "",
    canceled: Boolean(e.isCanceled),
  };
  return { mediaType: "event", body: name, details: { event } };
}

/** A shared catalog product: an order of one, as the Cloud API's orders are shown. */
function productContent(m: proto.Message.IProductMessage): RichContent {
  const p = m.product ?? {};
  const price = toNumber(p.priceAmount1000) / 1000;
  const currency = p.currencyCode ?? "";
  const item = { productId: p.productId ?? p.retailerId ?? "", title: p.title ?? "", quantity: 1, price, currency };
  const order = {
    catalogId: m.businessOwnerJid ?? "",
    items: [item],
    total: currency ? { amount: price, currency } : null,
    note: m.body || p.description || "",
  };
  return { mediaType: "order", body: p.title ?? "", details: { order } };
}

/** Undefined when the message is none of these kinds. */
export function richContentOf(c: proto.IMessage): RichContent | undefined {
  const poll = pollCreationOf(c);
  if (poll) return pollContent(poll);
  if (c.eventMessage) return eventContent(c.eventMessage);
  if (c.productMessage) return productContent(c.productMessage);
  return undefined;
}
