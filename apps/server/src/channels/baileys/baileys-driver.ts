/**
 * Provider `beta`: WhatsApp Web through Baileys. The session (web-session.ts)
 * keeps the socket open and reports; the driver sends through it what the
 * message service asks, as the payloads outbound.ts builds.
 */
import { jidDecode, type WAMessage } from "@whiskeysockets/baileys";
import {
  ChannelError,
  type ChannelDriver,
  type ChannelEvents,
  type OutboundMedia,
  type OutboundTarget,
  type OutboundText,
  type PhoneContact,
  type ReadMessage,
  type SentMessage,
} from "../driver.js";
import { rawOf } from "./inbound.js";
import { mediaMessage, readKeys, revokeMessage, textMessage, type BaileysSend } from "./outbound.js";
import type { BaileysSocket } from "./socket.js";
import { WebSession, type WebSessionOptions } from "./web-session.js";

export class BaileysDriver implements ChannelDriver {
  readonly provider = "beta" as const;
  private readonly session: WebSession;

  constructor(whatsappId: number, options: WebSessionOptions) {
    this.session = new WebSession(whatsappId, options);
  }

  /** Opens the socket; the session reports follow as WhatsApp answers. */
  start(events: ChannelEvents): Promise<void> {
    return this.session.start(events);
  }

  stop(): Promise<void> {
    return this.session.stop();
  }

  logout(): Promise<void> {
    return this.session.logout();
  }

  private async send(built: BaileysSend): Promise<SentMessage> {
    const socket = this.session.live();
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(built.jid, built.content, built.options);
    } catch (err) {
      throw new ChannelError("ERR_SENDING_WAPP_MSG", (err as Error).message);
    }
    const wid = sent?.key.id;
    if (!wid) throw new ChannelError("ERR_SENDING_WAPP_MSG", "WhatsApp answered no message id");
    return { wid, raw: rawOf(sent!) };
  }

  sendText(message: OutboundText): Promise<SentMessage> {
    return this.send(textMessage(message));
  }

  async sendMedia(message: OutboundMedia): Promise<SentMessage> {
    return this.send(await mediaMessage(message));
  }

  async markRead(target: OutboundTarget, messages: ReadMessage[]): Promise<void> {
    if (messages.length > 0) await this.session.live().readMessages(readKeys(target, messages));
  }

  async deleteMessage(target: OutboundTarget, message: { wid: string; fromMe: boolean }): Promise<void> {
    const socket = this.session.live();
    const { jid, content } = revokeMessage(target, message);
    try {
      await socket.sendMessage(jid, content);
    } catch (err) {
      throw new ChannelError("ERR_DELETE_WAPP_MSG", (err as Error).message);
    }
  }

  async checkNumber(number: string): Promise<string | null> {
    const socket = this.session.live();
    const digits = number.replace(/\D/g, "");
    if (!digits) return null;
    let results: Awaited<ReturnType<BaileysSocket["onWhatsApp"]>>;
    try {
      results = await socket.onWhatsApp(`${digits}@s.whatsapp.net`);
    } catch (err) {
      throw new ChannelError("ERR_WAPP_CHECK_CONTACT", (err as Error).message);
    }
    const found = results?.find((r) => r.exists);
    return found ? (jidDecode(found.jid)?.user ?? null) : null;
  }

  phoneContacts(): Promise<PhoneContact[]> {
    return Promise.resolve(this.session.phoneContacts());
  }
}
