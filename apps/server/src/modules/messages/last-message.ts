/**
 * What a ticket's lastMessage shows for a message (the ticket list's preview
 * line): the text, or for media without a caption a symbol and the file name,
 * never the raw location or vCard encoding.
 */
import type { MediaType } from "@balcao/contracts";

const symbols: Partial<Record<MediaType, string>> = {
  image: "📷",
  audio: "🎤",
  video: "🎥",
  application: "📄",
  document: "📄",
  locationMessage: "📍",
  contactMessage: "👤",
  vcard: "👤",
  unsupported: "⚠️",
  order: "🛒",
  poll: "📊",
  event: "📅",
  notice: "ℹ️",
};

export function lastMessageOf(message: { mediaType: MediaType; body: string; mediaName?: string | null }): string {
  const { mediaType, body } = message;
  switch (mediaType) {
    case "locationMessage": {
      // "imageUrl|link|description"
      const [, link = "", description = ""] = body.split("|");
      return `${symbols.locationMessage} ${description.split("\n")[0] || link}`.trim();
    }
    case "contactMessage":
    case "vcard": {
      const name = /^FN:(.*)$/m.exec(body)?.[1] ?? "";
      return `${symbols[mediaType]} ${name}`.trim();
    }
    case "chat":
    case "call_log":
    case "reactionMessage":
      return body;
    default: {
      const symbol = symbols[mediaType];
      const text = body || message.mediaName || "";
      return symbol ? `${symbol} ${text}`.trim() : text;
    }
  }
}
