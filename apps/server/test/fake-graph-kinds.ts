/**
 * Cloud API "messages" webhook items beyond text and media, rebuilt from
 * Meta's webhook reference samples (Unsupported, Order, System, and the ad
 * `referral` and forwarded `context` of the Text reference) with our own ids.
 */
import { newWamid } from "./fake-graph-payloads.js";

type Message = Record<string, unknown>;

const base = (from: string, type: string): Message => ({
  from,
  id: newWamid(),
  timestamp: String(Math.floor(Date.now() / 1000)),
  type,
});

/** 131051 "Message type unknown" (a poll, an edit…: `kind` as `unsupported.type`), or 131060 "unavailable". */
export function unsupportedMessage(from: string, opts: { kind?: string; code?: 131051 | 131060 } = {}): Message {
  const unavailable = opts.code === 131060;
  const title = unavailable ? "This message is currently unavailable." : "Message type unknown";
  return {
    ...base(from, "unsupported"),
    errors: [
      {
        code: unavailable ? 131060 : 131051,
        title,
        message: title,
        // Meta documents the details of 131051 only; 131060's repeat its title.
        error_data: { details: unavailable ? title : "Message type is currently not supported." },
      },
    ],
    ...(opts.kind ? { unsupported: { type: opts.kind } } : {}),
  };
}

export interface OrderLine {
  product_retailer_id: string;
  quantity: number;
  item_price: number;
  currency: string;
}

export function orderMessage(from: string, items: OrderLine[], text?: string): Message {
  return {
    ...base(from, "order"),
    order: { catalog_id: "194836987003835", ...(text !== undefined ? { text } : {}), product_items: items },
  };
}

/** Meta's sample: sent from the old number, `wa_id` the new one; a system message comes without `contacts`. */
export function numberChangeMessage(from: string, to: string, name = "Sheena Nelson"): Message {
  return {
    ...base(from, "system"),
    system: { body: `User ${name} changed from ${from} to ${to}`, wa_id: to, type: "user_changed_number" },
  };
}

/** A click-to-WhatsApp image ad, as the Text reference shows it on the first message after the click. */
export const adReferral = {
  source_url: "https://fb.me/3cr4Wqqkv",
  source_id: "120226305854810726",
  source_type: "ad",
  body: "Summer succulents are here!",
  headline: "Chat with us",
  media_type: "image",
  image_url: "https://scontent.xx.fbcdn.net/v/t45.1-0/ad.jpg",
  ctwa_clid: "Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4",
  welcome_message: { text: "Hi there! Let us know how we can help!" },
};

export function textMessage(from: string, body: string, extra: Message = {}): Message {
  return { ...base(from, "text"), text: { body }, ...extra };
}

/** One change's value: the messages, and `contacts` naming the sender unless it is a system message. */
export function kindValue(phoneNumberId: string, messages: Message[], contact?: { waId: string; name: string }) {
  return {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
    ...(contact ? { contacts: [{ profile: { name: contact.name }, wa_id: contact.waId }] } : {}),
    messages,
  };
}
