/**
 * One running driver per connection (ctx.channels). Boot starts every
 * connection of a provider we have a driver for; the connections service calls
 * `refresh` after a save and `stop` after a delete, the session routes call
 * `startSession`, `renewSession` and `disconnectSession`. Drivers' events go
 * to the handlers server.ts hands in (channel-handlers.ts: ingest, acks, calls,
 * the session report): channels import no business module (eslint refuses it).
 *
 * A WhatsApp Web session runs on the one process holding its lease
 * (lease.ts); a process that does not hold it forwards session commands to
 * the holder (session-routing.ts) and retries the lease now and then, to take
 * the session over when the holder stops.
 */
import type { ConnectionProvider } from "@balcao/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Context } from "../context.js";
import { whatsapps } from "../db/schema/index.js";
import { AppError } from "../http/errors.js";
import { clearAuthState } from "./baileys/auth-state.js";
import { BaileysDriver } from "./baileys/baileys-driver.js";
import { baileysWhatsAppWeb, type WhatsAppWeb } from "./baileys/socket.js";
import { CloudDriver } from "./cloud/cloud-driver.js";
import { CompanyGate, type CompanyState } from "./company-gate.js";
import type { ChannelDriver, ChannelEvents, ChannelSender } from "./driver.js";
import type { SessionCommand } from "./lease.js";
import { leased, SessionRouting } from "./session-routing.js";

export type Connection = typeof whatsapps.$inferSelect;
type DriverFactory = (ctx: Context, connection: Connection) => ChannelDriver;
/** What a connection's driver events do (messages stored, acks applied, the session reported …). */
export type ChannelHandlers = (ctx: Context, connection: Connection) => ChannelEvents;

export interface ChannelOptions {
  handlers: ChannelHandlers;
  /** Baileys' unless a test hands in a WhatsApp Web it drives. */
  whatsappWeb?: WhatsAppWeb;
  /** Whether a connection's company may work (company-gate.ts); every company may, unless given. */
  companyMayWork?: (company: CompanyState) => boolean;
}

export class ChannelManager {
  private ctx?: Context;
  private readonly factories: Partial<Record<ConnectionProvider, DriverFactory>>;
  private readonly running = new Map<number, ChannelDriver>();
  /** Per connection, so a refresh and a stop of the same one never interleave. */
  private readonly queues = new Map<number, Promise<unknown>>();
  private retryTimer?: NodeJS.Timeout;
  private readonly sessions = new SessionRouting({
    running: this.running,
    connection: (id) => this.connection(id),
    execute: (command) => this.execute(command),
    halt: (id) => this.serial(id, () => this.halt(id)),
  });

  private readonly gate: CompanyGate;
  private readonly handlers: ChannelHandlers;

  constructor(options: ChannelOptions) {
    this.handlers = options.handlers;
    this.gate = new CompanyGate(options.companyMayWork ?? (() => true));
    const whatsappWeb = options.whatsappWeb ?? baileysWhatsAppWeb;
    this.factories = {
      cloud: (ctx, connection) => new CloudDriver(connection, ctx.config.WHATSAPP_GRAPH_URL, ctx.log),
      beta: (ctx, connection) =>
        new BaileysDriver(connection.id, {
          db: ctx.db,
          log: ctx.log,
          webSocketUrl: ctx.config.WHATSAPP_WEB_URL,
          version: ctx.config.WHATSAPP_WEB_VERSION,
          whatsappWeb,
        }),
    };
  }

  /** Boot: every connection of a supported provider, side by side; one failing does not stop the others. */
  async startAll(ctx: Context): Promise<void> {
    this.ctx = ctx;
    this.sessions.open(ctx);
    await this.launchUnowned(Object.keys(this.factories));
    this.retryTimer = setInterval(() => void this.launchUnowned([...leased]), ctx.config.SESSION_LEASE_RETRY_MS);
    this.retryTimer.unref();
  }

  /** What sends through a connection (here, or where its session lives), or ERR_WAPP_NOT_INITIALIZED. */
  driverFor(whatsappId: number): ChannelSender {
    const sender = this.sender(whatsappId);
    if (!sender) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return sender;
  }

  /** driverFor, or undefined: for callers that answer "not started" their own way. */
  sender(whatsappId: number): ChannelSender | undefined {
    return this.running.get(whatsappId) ?? this.sessions.elsewhere(whatsappId);
  }

  /** Every connection `sender` answers for now: what a sweep may send through without asking each. */
  sendableIds(): number[] {
    return [...this.running.keys(), ...this.sessions.elsewhereIds()];
  }

  /** This process's own running driver (the Cloud API webhook reads its connection). */
  runningDriver(whatsappId: number): ChannelDriver | undefined {
    return this.running.get(whatsappId);
  }

  /**
   * What takes a Cloud API connection's verified deliveries and fetches their
   * media: its running driver, or, when it is not running (the Graph API
   * refused its credentials, someone disconnected it), a driver that only
   * receives. Meta's messages are stored whatever the Graph API said.
   */
  cloudReceiver(connection: Connection): CloudDriver {
    const running = this.running.get(connection.id);
    if (running instanceof CloudDriver) return running;
    const ctx = this.context();
    const receiver = new CloudDriver(connection, ctx.config.WHATSAPP_GRAPH_URL, ctx.log);
    receiver.listen(this.eventsOf(connection));
    return receiver;
  }

  /**
   * After a save: re-read the connection and (re)start it with its current
   * settings. A running WhatsApp Web session carries on: it reads none of
   * them, and a reconnect would cost the customers seconds of silence.
   */
  refresh(whatsappId: number): Promise<void> {
    return this.sessions.command({ whatsappId, action: "saved" });
  }

  /** After a delete. */
  stop(whatsappId: number): Promise<void> {
    return this.sessions.command({ whatsappId, action: "stop" });
  }

  startSession(whatsappId: number): Promise<void> {
    return this.sessions.command({ whatsappId, action: "start" });
  }

  /** "New QR": forget the pairing and start over. */
  renewSession(whatsappId: number): Promise<void> {
    return this.sessions.command({ whatsappId, action: "renew" });
  }

  /** "Disconnect": unlink from the phone; the connection waits for a new scan. */
  disconnectSession(whatsappId: number): Promise<void> {
    return this.sessions.command({ whatsappId, action: "disconnect" });
  }

  /** Connections follow their companies (company-gate.ts): every minute (company-sweep.ts), and on a change. */
  followCompanies(companyId?: number): Promise<void> {
    return this.gate.follow(this.context().db, Object.keys(this.factories), companyId, {
      running: (id) => this.running.has(id),
      leased: (provider) => leased.has(provider),
      start: (connection) => this.serial(connection.id, () => this.launch(connection)),
      // A launch looks at the company again: here, or in the process holding the session.
      recheck: (id) => this.sessions.command({ whatsappId: id, action: "start" }),
    });
  }

  async stopAll(): Promise<void> {
    clearInterval(this.retryTimer);
    await Promise.all([...this.running.keys()].map((id) => this.serial(id, () => this.halt(id))));
    await this.sessions.lease.close();
  }

  private context(): Context {
    if (!this.ctx) throw new Error("ChannelManager used before startAll");
    return this.ctx;
  }

  private execute({ whatsappId, action }: SessionCommand): Promise<void> {
    return this.serial(whatsappId, async () => {
      if (action === "disconnect") return this.disconnect(whatsappId);
      const row = await this.connection(whatsappId);
      if (action === "saved" && row?.provider === "beta" && this.running.get(whatsappId)?.provider === "beta") return;
      await this.halt(whatsappId);
      if (action === "stop") return this.sessions.lease.release(whatsappId);
      if (action === "renew") await clearAuthState(this.context().db, whatsappId);
      // Gone, or moved to a provider every process runs (Cloud API): the lease has nothing left to hold.
      if (!row || !leased.has(row.provider)) await this.sessions.lease.release(whatsappId);
      if (row) await this.launch(row);
    });
  }

  private async disconnect(whatsappId: number): Promise<void> {
    const ctx = this.context();
    const driver = this.running.get(whatsappId);
    this.running.delete(whatsappId);
    if (driver) await driver.logout();
    else await clearAuthState(ctx.db, whatsappId);
    const row = await this.connection(whatsappId);
    if (row) await this.handlers(ctx, row).session({ status: "DISCONNECTED", qrcode: "", retries: 0 });
  }

  private async connection(whatsappId: number): Promise<Connection | undefined> {
    const [row] = await this.context().db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId));
    return row;
  }

  private serial(whatsappId: number, task: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(whatsappId) ?? Promise.resolve();
    const next = previous.then(task);
    const settled = next.catch(() => undefined);
    this.queues.set(whatsappId, settled);
    void settled.then(() => {
      if (this.queues.get(whatsappId) === settled) this.queues.delete(whatsappId);
    });
    return next;
  }

  /**
   * Boot (every provider) and the retry timer (leased ones): each connection
   * not started here yet whose lease is free. A session that failed to start
   * keeps its lease and waits for "try again" instead of being retried here.
   */
  private async launchUnowned(providers: string[]): Promise<void> {
    const ctx = this.context();
    try {
      const rows = await ctx.db.select().from(whatsapps).where(inArray(whatsapps.provider, providers));
      this.sessions.lookedAt(rows);
      const waiting = rows.filter((row) => !this.running.has(row.id) && !this.sessions.lease.holds(row.id));
      await Promise.all(waiting.map((row) => this.serial(row.id, () => this.launchAsItIsNow(row.id, providers))));
    } catch (err) {
      ctx.log.warn({ err }, "connections not started; retrying later");
    }
  }

  /**
   * A launch queued behind a command acts on the connection as the command left it: a row read
   * before a move to the Cloud API would take the lease back for a session no longer there.
   */
  private async launchAsItIsNow(whatsappId: number, providers: string[]): Promise<void> {
    const row = await this.connection(whatsappId);
    if (row && providers.includes(row.provider)) await this.launch(row);
  }

  private async launch(connection: Connection): Promise<void> {
    const ctx = this.context();
    const factory = this.factories[connection.provider as ConnectionProvider];
    if (!factory || this.running.has(connection.id)) return;
    if (!(await this.mayRun(connection))) return;
    if (leased.has(connection.provider) && !(await this.sessions.lease.acquire(connection.id))) return;
    const driver = factory(ctx, connection);
    try {
      await driver.start(this.eventsOf(connection));
      this.running.set(connection.id, driver);
    } catch (err) {
      // The driver reported its session (DISCONNECTED); the page offers "try again". A Cloud API
      // connection's webhook still stores deliveries (cloudReceiver).
      ctx.log.warn({ err, whatsappId: connection.id }, "connection did not start");
    }
  }

  /** False (its lease let go, DISCONNECTED reported once) while the connection's company may not work. */
  private async mayRun(connection: Connection): Promise<boolean> {
    const ctx = this.context();
    if (await this.gate.admits(ctx.db, connection)) return true;
    if (leased.has(connection.provider)) await this.sessions.lease.release(connection.id);
    if (connection.status !== "DISCONNECTED")
      await this.handlers(ctx, connection).session({ status: "DISCONNECTED", qrcode: "", retries: 0 });
    return false;
  }

  private eventsOf(connection: Connection): ChannelEvents {
    return this.handlers(this.context(), connection);
  }

  private async halt(whatsappId: number): Promise<void> {
    const driver = this.running.get(whatsappId);
    if (!driver) return;
    this.running.delete(whatsappId);
    await driver.stop();
  }
}
