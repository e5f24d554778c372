/**
 * A WhatsApp Web session: one Baileys socket at a time, its events turned
 * into session reports (QR, pairing, connected, drops, logout) and
 * normalised messages; a drop reopens the socket with a backoff, keeping the
 * pairing stored in the database. The driver (baileys-driver.ts) sends
 * through the socket it holds open.
 */
import {
  Browsers,
  isJidBroadcast,
  isJidNewsletter,
  jidDecode,
  makeCacheableSignalKeyStore,
  type BaileysEventMap,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { ChannelError, type ChannelEvents, type InboundMessage, type PhoneContact } from "../driver.js";
import { clearAuthState, CorruptAuthState, loadAuthState, readMeta, writeMeta, type StoredAuth } from "./auth-state.js";
import { afterClose, reconnectDelay } from "./close-reason.js";
import { GroupSubjects } from "./group-subjects.js";
import { identityOf, withPhoneNumbers } from "./lid-numbers.js";
import { callWatcher } from "./calls.js";
import { acksOf, receiptAcksOf } from "./acks.js";
import { keepMessage } from "./keep-message.js";
import { reuploadingDownload } from "./media-reupload.js";
import { secretSources, sentContent } from "./sent-content.js";
import { mergePhoneBook, phoneBookEntries, type PhoneBook } from "./phone-book.js";
import type { BaileysSocket, WhatsAppWeb } from "./socket.js";

/** QR codes shown without a scan before the session waits for a person again. */
export const QR_LIMIT = 3;

export interface WebSessionOptions {
  db: Db;
  log: FastifyBaseLogger;
  webSocketUrl: string;
  /** Baileys' built-in version when absent. */
  version?: [number, number, number];
  whatsappWeb: WhatsAppWeb;
}

type Boom = { output?: { statusCode?: number } };

export class WebSession {
  private socket?: BaileysSocket;
  private auth?: StoredAuth;
  private events?: ChannelEvents;
  private connected = false;
  private everConnected = false;
  private pairedAt?: Date;
  private phoneBook: PhoneBook = {};
  private qrCount = 0;
  private reconnects = 0;
  private reconnectTimer?: NodeJS.Timeout;
  /** Inbound work runs one item at a time, in the order Baileys emitted it. */
  private queue: Promise<void> = Promise.resolve();
  private readonly callOf = callWatcher();
  private readonly groupSubjects: GroupSubjects;
  private readonly log: FastifyBaseLogger;

  constructor(
    readonly whatsappId: number,
    private readonly options: WebSessionOptions,
  ) {
    this.log = options.log.child({ whatsappId });
    this.groupSubjects = new GroupSubjects(this.log);
  }

  /** Opens the socket; the session reports follow as WhatsApp answers. */
  async start(events: ChannelEvents): Promise<void> {
    const { db } = this.options;
    try {
      this.auth = await loadAuthState(db, this.whatsappId);
    } catch (err) {
      if (!(err instanceof CorruptAuthState)) throw err;
      this.log.error({ err }, "stored WhatsApp Web session unreadable; a new QR is needed");
      await events.session({ status: "DISCONNECTED", qrcode: "" });
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", err.message);
    }
    this.events = events;
    const pairedAt = await readMeta<string>(db, this.whatsappId, "pairedAt");
    this.pairedAt = pairedAt ? new Date(pairedAt) : undefined;
    this.phoneBook = (await readMeta<PhoneBook>(db, this.whatsappId, "phoneBook")) ?? {};
    await events.session({ status: "OPENING", qrcode: "", retries: 0 });
    if (!this.safeOpen()) {
      await events.session({ status: "DISCONNECTED", qrcode: "" });
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the WhatsApp Web socket could not be created");
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.reconnectTimer);
    this.events = undefined;
    const socket = this.detach();
    await socket?.end(undefined);
    await this.queue;
  }

  /** Unlinks this device from the phone and forgets the pairing. */
  async logout(): Promise<void> {
    const socket = this.connected ? this.socket : undefined;
    // Detached first, so the close that follows is not taken for a drop.
    this.detach();
    // Without an open socket the phone cannot be told; it shows the device until it notices.
    await socket?.logout().catch((err: unknown) => this.log.warn({ err }, "logout not acknowledged by WhatsApp"));
    await this.stop();
    await clearAuthState(this.options.db, this.whatsappId);
  }

  /** A socket that cannot even be created fails this session alone. */
  private safeOpen(): boolean {
    try {
      this.open();
      return true;
    } catch (err) {
      this.log.error({ err }, "WhatsApp Web socket not created");
      return false;
    }
  }

  /** After a drop or WhatsApp's restart request; a failure to reopen waits for "try again". */
  private async reopen(): Promise<void> {
    if (this.events && !this.safeOpen()) await this.report({ status: "DISCONNECTED", qrcode: "" });
  }

  private open(): void {
    const auth = this.auth!;
    const logger = this.options.log.child({ whatsappId: this.whatsappId, module: "baileys" }, { level: "warn" });
    const socket = this.options.whatsappWeb.connect({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      waWebSocketUrl: this.options.webSocketUrl,
      ...(this.options.version ? { version: this.options.version } : {}),
      logger,
      browser: Browsers.ubuntu("Balcão"),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // What we send is stored by the message service; echoing it would store it twice.
      emitOwnEvents: false,
      shouldIgnoreJid: (jid) => isJidBroadcast(jid) || isJidNewsletter(jid),
      // A phone that could not decrypt one of our messages asks for it again.
      getMessage: (key) => sentContent(this.options.db, this.whatsappId, key.id),
    });
    this.socket = socket;
    this.on(socket, "creds.update", () => auth.saveCreds());
    this.on(socket, "connection.update", (update) => this.onConnection(socket, update));
    this.on(socket, "messages.upsert", ({ messages }) => this.onMessages(socket, messages));
    this.on(socket, "messages.update", (updates) => this.onAcks(acksOf(updates)));
    this.on(socket, "message-receipt.update", (updates) => this.onAcks(receiptAcksOf(updates)));
    this.on(socket, "call", (calls) => this.onCalls(socket, calls));
    this.on(socket, "lid-mapping.update", (mapping) => this.events?.identity(identityOf(mapping)));
    this.on(socket, "contacts.upsert", (contacts) => this.onContacts(contacts));
    this.on(socket, "contacts.update", (contacts) => this.onContacts(contacts));
    this.on(socket, "messaging-history.set", ({ contacts }) => this.onContacts(contacts));
  }

  /**
   * Every handler runs in the driver's queue and never throws into Baileys:
   * a failure is logged and the session (and every other one) carries on.
   * Events of a socket the driver already left are dropped.
   */
  private on<E extends keyof BaileysEventMap>(
    socket: BaileysSocket,
    event: E,
    handler: (data: BaileysEventMap[E]) => Promise<void> | void,
  ): void {
    socket.ev.on(event, (data) => {
      this.queue = this.queue.then(async () => {
        if (this.socket !== socket) return;
        try {
          await handler(data);
        } catch (err) {
          this.log.error({ err, event }, "WhatsApp Web event not handled");
        }
      });
    });
  }

  private detach(): BaileysSocket | undefined {
    const socket = this.socket;
    this.socket = undefined;
    this.connected = false;
    return socket;
  }

  private async report(update: Parameters<ChannelEvents["session"]>[0]): Promise<void> {
    await this.events?.session(update);
  }

  private async onConnection(socket: BaileysSocket, update: BaileysEventMap["connection.update"]): Promise<void> {
    if (update.qr) {
      this.qrCount += 1;
      if (this.qrCount <= QR_LIMIT) return this.report({ status: "qrcode", qrcode: update.qr, retries: this.qrCount });
      this.detach();
      await socket.end(undefined);
      return this.report({ status: "DISCONNECTED", qrcode: "", retries: this.qrCount });
    }
    if (update.isNewLogin) {
      await this.markPaired();
      return this.report({ status: "PAIRING", qrcode: "" });
    }
    if (update.connection === "open") return this.onOpen(socket);
    if (update.connection === "close") return this.onClose(update.lastDisconnect?.error as Boom | undefined);
  }

  private async onOpen(socket: BaileysSocket): Promise<void> {
    this.connected = true;
    this.everConnected = true;
    this.qrCount = 0;
    this.reconnects = 0;
    await this.markPaired();
    const number = socket.user?.id ? (jidDecode(socket.user.id)?.user ?? "") : "";
    await this.report({ status: "CONNECTED", qrcode: "", retries: 0, number });
  }

  /**
   * Messages older than the pairing are the phone's history, not new
   * conversations. WhatsApp stamps messages in whole seconds, so the pairing
   * time is kept in whole seconds too.
   */
  private async markPaired(): Promise<void> {
    if (this.pairedAt) return;
    this.pairedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await writeMeta(this.options.db, this.whatsappId, "pairedAt", this.pairedAt.toISOString());
  }

  private async onClose(error: Boom | undefined): Promise<void> {
    this.detach();
    const paired = Boolean(this.auth?.state.creds.me);
    const next = afterClose(error?.output?.statusCode, paired);
    this.log.info({ statusCode: error?.output?.statusCode, next }, "WhatsApp Web socket closed");
    if (next === "restart") return this.reopen();
    if (next === "reconnect") {
      const delay = reconnectDelay(this.reconnects);
      this.reconnects += 1;
      this.reconnectTimer = setTimeout(() => void this.reopen(), delay);
      return this.report({ status: this.everConnected ? "TIMEOUT" : "OPENING", retries: this.reconnects });
    }
    if (next === "logged-out") {
      await clearAuthState(this.options.db, this.whatsappId);
      this.pairedAt = undefined;
      this.phoneBook = {};
      this.auth = await loadAuthState(this.options.db, this.whatsappId);
    }
    await this.report({ status: "DISCONNECTED", qrcode: "" });
  }

  /** Each message on its own: one that fails leaves the rest of the batch untouched. */
  private async onMessages(socket: BaileysSocket, messages: WAMessage[]): Promise<void> {
    const download = reuploadingDownload(this.options.whatsappWeb, socket, this.log);
    const store = async (inbound: InboundMessage) => this.events?.message(inbound);
    const secrets = secretSources(this.options.db, this.whatsappId, socket.user);
    const isHistory = (timestamp: Date) => !this.pairedAt || timestamp < this.pairedAt;
    for (const message of messages) {
      try {
        await withPhoneNumbers(socket, message);
        const groupSubject = await this.groupSubjects.of(socket, message.key.remoteJid);
        await keepMessage(message, { download, groupSubject, isHistory, store, ...secrets, log: this.log });
      } catch (err) {
        this.log.error({ err, wid: message.key.id }, "WhatsApp Web message lost: neither it nor a notice stored");
      }
    }
  }

  private async onAcks(updates: ReturnType<typeof acksOf>): Promise<void> {
    for (const update of updates) await this.events?.ack(update);
  }

  private async onCalls(socket: BaileysSocket, calls: BaileysEventMap["call"]): Promise<void> {
    for (const raw of calls) {
      const call = this.callOf(raw);
      if (!call || !this.events) continue;
      await this.events.call(call, () => socket.rejectCall(raw.id, raw.from));
    }
  }

  private async onContacts(contacts: BaileysEventMap["contacts.update"]): Promise<void> {
    if (mergePhoneBook(this.phoneBook, contacts)) {
      await writeMeta(this.options.db, this.whatsappId, "phoneBook", this.phoneBook);
    }
  }

  /** The open socket, or ERR_WAPP_NOT_INITIALIZED while the session is not connected. */
  live(): BaileysSocket {
    if (!this.connected || !this.socket) {
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the WhatsApp Web session is not connected");
    }
    return this.socket;
  }

  phoneContacts(): PhoneContact[] {
    return phoneBookEntries(this.phoneBook);
  }
}
