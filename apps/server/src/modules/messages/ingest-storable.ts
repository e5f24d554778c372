/**
 * A customer's message as PostgreSQL takes it: every string the customer
 * could put in it (text, caption, names, file name, the provider's own
 * payload) with a NUL or a lone surrogate replaced by U+FFFD. The message is
 * stored either way; refusing it would make the provider deliver it forever.
 */
import type { InboundMedia, InboundMessage } from "../../channels/driver.js";
import { storableJson, storableText } from "../../db/storable.js";

const storableMedia = (media: InboundMedia): InboundMedia => ({
  ...media,
  mimetype: storableText(media.mimetype),
  fileName: storableText(media.fileName),
});

export function storableInbound(inbound: InboundMessage): InboundMessage {
  const { media, timestamp, ...fields } = inbound;
  return {
    ...storableJson(fields),
    timestamp,
    ...(media ? { media: async () => storableMedia(await media()) } : {}),
  };
}
