/**
 * WhatsApp Web as the driver meets it, for tests. WhatsApp pins its server
 * certificate in the noise handshake, so no local server can speak its
 * protocol; tests replace the socket instead. Each socket the driver creates
 * gets Baileys' own event emitter, on which the test emits the events
 * WhatsApp would cause (a QR, a scan, messages built with Baileys' proto,
 * drops, a logout from the phone), and it records what the driver asked of
 * it (sends, read receipts, number lookups, call rejections, logout).
 */
import {
  DisconnectReason,
  makeEventBuffer,
  type AnyMessageContent,
  type AuthenticationCreds,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  proto,
} from "@whiskeysockets/baileys";
import type { Readable } from "node:stream";
import pino from "pino";
import type { BaileysSocket, WhatsAppWeb } from "../src/channels/baileys/socket.js";
import { sampleDownload } from "./baileys-messages.js";

export interface SentPayload {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

/** Baileys reports a close as a Boom error; the driver reads its output.statusCode. */
function closed(statusCode: number): Error {
  return Object.assign(new Error("Connection Closed"), { output: { statusCode } });
}

export class FakeSocket {
  readonly ev = makeEventBuffer(pino({ level: "silent" }));
  user: BaileysSocket["user"] = undefined;
  readonly sent: SentPayload[] = [];
  readonly read: WAMessageKey[][] = [];
  readonly rejectedCalls: string[] = [];
  /** Number digits → whether WhatsApp knows them (unknown numbers have no WhatsApp). */
  readonly registered = new Map<string, boolean>();
  loggedOut = false;
  ended = false;
  /** WhatsApp closed it (a restart after the scan, a drop, a logout): nothing more comes from it. */
  closed = false;
  failSends = false;
  private nextId = 1;

  constructor(readonly config: UserFacingSocketConfig) {}

  get creds(): AuthenticationCreds {
    return this.config.auth.creds;
  }

  emit<E extends keyof BaileysEventMap>(event: E, data: BaileysEventMap[E]): void {
    this.ev.emit(event, data);
  }

  showQr(qr = `2@${Math.random().toString(36).slice(2)},noise,identity,adv`): string {
    this.emit("connection.update", { qr });
    return qr;
  }

  /** The phone scans the QR: WhatsApp sends the pairing, then asks for a restart. */
  scan(number: string): void {
    const me = { id: `${number}:7@s.whatsapp.net`, name: "Loja" };
    this.creds.me = me;
    this.creds.registered = true;
    this.emit("creds.update", { me, registered: true });
    this.emit("connection.update", { isNewLogin: true, qr: undefined });
    this.close(DisconnectReason.restartRequired);
  }

  /** The socket opens on a paired session. */
  open(): void {
    this.user = this.creds.me ? { id: this.creds.me.id } : { id: "5511900000000:7@s.whatsapp.net" };
    this.emit("connection.update", { connection: "open" });
  }

  close(statusCode: number): void {
    this.closed = true;
    this.emit("connection.update", {
      connection: "close",
      lastDisconnect: { error: closed(statusCode), date: new Date() },
    });
  }

  messages(messages: WAMessage[], type: "notify" | "append" = "notify"): void {
    this.emit("messages.upsert", { messages, type });
  }

  sendMessage = async (
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined> => {
    if (this.failSends) throw closed(DisconnectReason.connectionClosed);
    this.sent.push({ jid, content, ...(options ? { options } : {}) });
    const key = { remoteJid: jid, fromMe: true, id: `3EB0FAKE${this.nextId++}` };
    // Baileys returns the message it built from the content; a text is enough here.
    const message = "text" in content ? { conversation: content.text } : undefined;
    return proto.WebMessageInfo.fromObject({
      key,
      message,
      messageTimestamp: Math.floor(Date.now() / 1000),
    }) as WAMessage;
  };

  readMessages = async (keys: WAMessageKey[]): Promise<void> => {
    this.read.push(keys);
  };

  onWhatsApp = async (...jids: string[]) =>
    jids.map((jid) => {
      const digits = jid.split("@")[0]!;
      return { jid, exists: this.registered.get(digits) ?? false };
    });

  logout = async (): Promise<void> => {
    this.loggedOut = true;
    this.close(DisconnectReason.loggedOut);
  };

  end = async (): Promise<void> => {
    this.ended = true;
  };

  /** Ids whose new upload the driver asked the phone for, in order. */
  readonly reuploadRequests: string[] = [];
  /** The phone no longer has the file (or is offline): its re-upload fails. */
  refuseReuploads = false;
  /** Set by FakeWhatsAppWeb: the phone's new upload puts the file back on the media servers. */
  onReupload: (id: string) => void = () => {};

  updateMediaMessage = async (message: WAMessage): Promise<WAMessage> => {
    const id = message.key.id ?? "";
    this.reuploadRequests.push(id);
    // Baileys' own words when the phone answers that it has no such file.
    if (this.refuseReuploads) throw new Error("Media re-upload failed by device (NOT_FOUND)");
    this.onReupload(id);
    return message;
  };

  /** LID → phone number jid, as Baileys' LID store knows them. */
  readonly lids = new Map<string, string>();
  readonly signalRepository = {
    lidMapping: { getPNForLID: (lid: string) => Promise.resolve(this.lids.get(lid) ?? null) },
  } as unknown as BaileysSocket["signalRepository"];

  /** Group jid → subject, as WhatsApp answers group metadata. */
  readonly groups = new Map<string, string>();

  groupMetadata = async (jid: string) => {
    const subject = this.groups.get(jid);
    if (subject === undefined) throw new Error("item-not-found");
    return { id: jid, subject, participants: [] } as unknown as Awaited<ReturnType<BaileysSocket["groupMetadata"]>>;
  };

  rejectCall = async (callId: string): Promise<void> => {
    this.rejectedCalls.push(callId);
  };
}

/**
 * Hands the driver fake sockets and keeps them, newest last; downloads give
 * the sample file of the message's kind unless a test set other bytes.
 */
export class FakeWhatsAppWeb implements WhatsAppWeb {
  readonly sockets: FakeSocket[] = [];
  /** Set to make the next socket creation throw (a crash inside Baileys). */
  failNextSocket = false;

  readonly connect = (config: UserFacingSocketConfig): BaileysSocket => {
    if (this.failNextSocket) {
      this.failNextSocket = false;
      throw new Error("baileys exploded");
    }
    const socket = new FakeSocket(config);
    socket.onReupload = (id) => this.expired.delete(id);
    this.sockets.push(socket);
    return socket;
  };

  /** Ids of the messages whose media the driver downloaded, in order. */
  readonly downloads: string[] = [];
  /** What WhatsApp's media servers send for a message id, when a test wants other than its kind's sample. */
  readonly mediaBytes = new Map<string, () => Readable>();

  /** Ids whose file the media servers no longer hold (410) until the phone uploads it again. */
  readonly expired = new Set<string>();

  readonly download = (message: WAMessage): Promise<Readable> => {
    const id = message.key.id ?? "";
    this.downloads.push(id);
    // As Baileys' fetch fails: a Boom error carrying the media server's status.
    if (this.expired.has(id))
      return Promise.reject(Object.assign(new Error("Failed to fetch stream"), { output: { statusCode: 410 } }));
    const bytes = this.mediaBytes.get(id);
    return bytes ? Promise.resolve(bytes()) : sampleDownload(message);
  };

  /** Sockets opened for one connection, found by the logger binding the driver gives each. */
  socketsOf(whatsappId: number): FakeSocket[] {
    return this.sockets.filter(
      (s) => (s.config.logger as { bindings?: () => { whatsappId?: number } })?.bindings?.().whatsappId === whatsappId,
    );
  }

  latestOf(whatsappId: number): FakeSocket | undefined {
    return this.socketsOf(whatsappId).at(-1);
  }

  /** The connection's socket still open, the one WhatsApp would be talking to. */
  openOf(whatsappId: number): FakeSocket | undefined {
    return this.socketsOf(whatsappId).findLast((socket) => !socket.closed && !socket.ended);
  }
}
