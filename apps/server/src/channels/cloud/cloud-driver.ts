/**
 * Provider `cloud`: the WhatsApp Cloud API. Meta pushes messages and statuses
 * to our webhook (webhook.routes.ts hands verified payloads to `receive`);
 * we send through the Graph API with the connection's access token.
 */
import { cloudIdPattern } from "@balcao/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { whatsapps } from "../../db/schema/index.js";
import {
  ChannelError,
  type ChannelDriver,
  type ChannelEvents,
  type InboundMedia,
  type OutboundMedia,
  type OutboundTarget,
  type OutboundText,
  type PhoneContact,
  type ReadMessage,
  type SentMessage,
} from "../driver.js";
import { decryptSecret } from "../../secrets/index.js";
import { baseMimetype } from "../media-files.js";
import { GraphClient, GraphUnavailable } from "./graph.js";
import { readDelivery } from "./delivery.js";
import { readMessage, readStatus, storedMediaFetcher } from "./inbound.js";

type Connection = typeof whatsapps.$inferSelect;

interface SendAnswer {
  messages?: { id: string }[];
}

/** Which Cloud API message type carries a file (what WhatsApp accepts for each). */
export function cloudMediaType(mimetype: string): "image" | "audio" | "video" | "document" | "sticker" {
  const mime = baseMimetype(mimetype);
  if (mime === "image/jpeg" || mime === "image/png") return "image";
  if (mime === "image/webp") return "sticker";
  if (mime.startsWith("audio/")) return "audio";
  if (mime === "video/mp4" || mime === "video/3gpp") return "video";
  return "document";
}

/**
 * Where a send goes: `to` the number; a customer known by business-scoped
 * user id only (a username) by `recipient` (Meta's "Business-scoped user
 * IDs"). A WhatsApp Web LID ("…@lid") means nothing to the Cloud API.
 */
export function cloudAddress(target: OutboundTarget): { to: string } | { recipient: string } | undefined {
  if (target.chatNumber) return { to: target.chatNumber };
  if (target.userId && !target.userId.endsWith("@lid")) return { recipient: target.userId };
  return undefined;
}

/** After the n-th failed start-up check: 1 s, 2 s, 4 s … at most 60 s. */
const recheckDelayMs = (failures: number) => Math.min(60_000, 1000 * 2 ** (failures - 1));

export function hasCloudCredentials(c: Connection): boolean {
  return Boolean(c.cloudPhoneNumberId && c.cloudAccessToken && c.cloudAppSecret && c.cloudVerifyToken);
}

export class CloudDriver implements ChannelDriver {
  readonly provider = "cloud" as const;
  private readonly graph: GraphClient;
  private events?: ChannelEvents;
  private recheck?: NodeJS.Timeout;

  constructor(
    /** The row as it was when the driver started: the webhook checks signatures with its app secret. */
    readonly connection: Connection,
    graphUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.graph = new GraphClient({
      baseUrl: graphUrl,
      phoneNumberId: connection.cloudPhoneNumberId,
      accessToken: decryptSecret(connection.cloudAccessToken),
    });
  }

  /**
   * Deliveries are taken from now on; then the start-up check (checkGraph).
   * Throws, after reporting DISCONNECTED, when credentials are missing or refused.
   */
  async start(events: ChannelEvents): Promise<void> {
    if (!hasCloudCredentials(this.connection)) {
      await events.session({ status: "DISCONNECTED" });
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the connection lacks Cloud API credentials");
    }
    // Saved before ids were checked (issue 29 item 7): for a person to fix in the modal, which now refuses it.
    if (!cloudIdPattern.test(this.connection.cloudPhoneNumberId)) {
      await events.session({ status: "DISCONNECTED" });
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the phone number id is not a plain Meta id");
    }
    this.listen(events);
    await this.checkGraph(events, 0);
  }

  /** Takes deliveries without the start-up check: for a connection that is not running (manager.cloudReceiver). */
  listen(events: ChannelEvents): void {
    this.events = events;
  }

  /**
   * CONNECTED once the Graph API knows the phone number id with this token.
   * While it cannot be reached (down, failing, throttling): TIMEOUT with the
   * count of failed looks, and another look after 1 s, 2 s, 4 s … 60 s, the
   * webhook storing deliveries meanwhile. Credentials it refuses are for a
   * person to fix, never retried: DISCONNECTED, and thrown.
   */
  private async checkGraph(events: ChannelEvents, failures: number): Promise<void> {
    try {
      const info = await this.graph.json<{ display_phone_number?: string }>(
        [this.graph.phoneNumberId],
        "ERR_WAPP_NOT_INITIALIZED",
        undefined,
        { fields: "display_phone_number,verified_name" },
      );
      if (this.events !== events) return;
      await events.session({ status: "CONNECTED", number: (info.display_phone_number ?? "").replace(/\D/g, "") });
    } catch (err) {
      // Stopped meanwhile: a newer driver (or none) speaks for the connection now.
      if (this.events !== events) return;
      if (!(err instanceof GraphUnavailable)) {
        await events.session({ status: "DISCONNECTED" });
        throw err;
      }
      await events.session({ status: "TIMEOUT", retries: failures + 1 });
      this.log.warn({ err, whatsappId: this.connection.id, failures: failures + 1 }, "Graph API unreachable; retrying");
      this.recheck = setTimeout(
        () => {
          this.checkGraph(events, failures + 1).catch((refused: unknown) => {
            this.log.warn({ err: refused, whatsappId: this.connection.id }, "Graph API refused the credentials");
          });
        },
        recheckDelayMs(failures + 1),
      );
      this.recheck.unref();
    }
  }

  async stop(): Promise<void> {
    // Nothing held open but the start-up check's next look. Meta keeps pushing to the webhook, which
    // answers 404 once the connection is gone.
    clearTimeout(this.recheck);
    this.events = undefined;
  }

  /** A Cloud API number is linked in Meta's dashboard, not here: stopping is all there is. */
  logout(): Promise<void> {
    return this.stop();
  }

  /**
   * Every entry, change, message and status of one verified delivery, each
   * read on its own and in order; resolves once all of it is committed. An item
   * that cannot be read is kept with the reason (events.rejected) and the rest
   * stored; only a fault of our own (the database) throws, so Meta retries.
   * Changes for another phone number of the same Meta app are skipped.
   */
  async receive(body: string): Promise<void> {
    const events = this.events;
    if (!events) throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the connection is not started");
    const { values, rejections } = readDelivery(body);
    for (const rejection of rejections) await events.rejected(rejection);
    for (const value of values) {
      if (value.metadata && value.metadata.phone_number_id !== this.graph.phoneNumberId) {
        this.log.warn({ whatsappId: this.connection.id }, "webhook change for another phone number skipped");
        continue;
      }
      for (const raw of value.messages ?? []) {
        const read = readMessage(raw, value, this.graph);
        if ("inbound" in read) await events.message(read.inbound);
        else await events.rejected({ item: raw, reason: read.reason });
      }
      for (const raw of value.statuses ?? []) {
        const read = readStatus(raw);
        if ("reason" in read) await events.rejected({ item: raw, reason: read.reason });
        else if (read.update) await events.ack(read.update);
      }
    }
  }

  /** A stored message's file fetched again (its first download failed), from the webhook message kept with it. */
  refetchMedia(providerData: unknown): Promise<InboundMedia> {
    const download = storedMediaFetcher(providerData, this.graph);
    if (!download)
      return Promise.reject(new ChannelError("ERR_WAPP_DOWNLOAD_MEDIA", "the stored message has no media"));
    return download();
  }

  private async post(target: OutboundTarget, message: Record<string, unknown>, quotedWid?: string) {
    if (target.isGroup) throw new ChannelError("ERR_SENDING_WAPP_MSG", "the Cloud API does not send to groups");
    const address = cloudAddress(target);
    if (!address)
      throw new ChannelError("ERR_WAPP_INVALID_CONTACT", "the contact has no number and no business-scoped user id");
    const answer = await this.graph.json<SendAnswer>([this.graph.phoneNumberId, "messages"], "ERR_SENDING_WAPP_MSG", {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      ...address,
      ...(quotedWid ? { context: { message_id: quotedWid } } : {}),
      ...message,
    });
    const wid = answer.messages?.[0]?.id;
    if (!wid) throw new ChannelError("ERR_SENDING_WAPP_MSG", "the Graph API answered no message id");
    return { wid, raw: answer } satisfies SentMessage;
  }

  sendText(message: OutboundText): Promise<SentMessage> {
    return this.post(message, { type: "text", text: { body: message.body, preview_url: false } }, message.quoted?.wid);
  }

  /** Uploaded with POST /{phone-number-id}/media, then sent by id. */
  async sendMedia(message: OutboundMedia): Promise<SentMessage> {
    const { media } = message;
    const type = cloudMediaType(media.mimetype);
    const id = await this.graph.upload(media.data, baseMimetype(media.mimetype), media.fileName);
    // WhatsApp takes no caption on audio and stickers.
    const caption = type === "audio" || type === "sticker" || !message.caption ? {} : { caption: message.caption };
    const filename = type === "document" ? { filename: media.fileName } : {};
    return this.post(message, { type, [type]: { id, ...caption, ...filename } }, message.quoted?.wid);
  }

  /** The Cloud API marks a message and every earlier one of the chat read: the last id is enough. */
  async markRead(_target: OutboundTarget, messages: ReadMessage[]): Promise<void> {
    const last = messages.at(-1)?.wid;
    if (!last) return;
    await this.graph.json([this.graph.phoneNumberId, "messages"], "ERR_SENDING_WAPP_MSG", {
      messaging_product: "whatsapp",
      status: "read",
      message_id: last,
    });
  }

  deleteMessage(): Promise<void> {
    // The Cloud API has no "delete for everyone".
    return Promise.reject(new ChannelError("ERR_DELETE_WAPP_MSG", "the Cloud API cannot delete sent messages"));
  }

  /** The Cloud API has no contact lookup: a plausible international number is taken as it is. */
  checkNumber(number: string): Promise<string | null> {
    const digits = number.replace(/\D/g, "");
    return Promise.resolve(digits.length >= 8 && digits.length <= 15 ? digits : null);
  }

  /** A Cloud API number has no phone and no address book. */
  phoneContacts(): Promise<PhoneContact[]> {
    return Promise.resolve([]);
  }
}
