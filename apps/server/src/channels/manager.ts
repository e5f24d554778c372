/**
 * One running driver per connection (ctx.channels). Boot starts every
 * connection of a provider we have a driver for; the connections service calls
 * `refresh` after a save and `stop` after a delete. Drivers' events go to the
 * ingest pipeline, apply-ack and the session report.
 */
import type { ConnectionProvider } from "@balcao/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Context } from "../context.js";
import { whatsapps } from "../db/schema/index.js";
import { AppError } from "../http/errors.js";
import { applyAck } from "../modules/messages/apply-ack.js";
import { ingest } from "../modules/messages/ingest.js";
import { CloudDriver } from "./cloud/cloud-driver.js";
import type { ChannelDriver, ChannelEvents } from "./driver.js";
import { applySession } from "./session.js";

export type Connection = typeof whatsapps.$inferSelect;
type DriverFactory = (ctx: Context, connection: Connection) => ChannelDriver;

/** Providers with a driver; the Baileys driver (beta) plugs in here. */
const factories: Partial<Record<ConnectionProvider, DriverFactory>> = {
  cloud: (ctx, connection) => new CloudDriver(connection, ctx.config.WHATSAPP_GRAPH_URL, ctx.log),
};

export class ChannelManager {
  private ctx?: Context;
  private readonly running = new Map<number, ChannelDriver>();
  /** Per connection, so a refresh and a stop of the same one never interleave. */
  private readonly queues = new Map<number, Promise<unknown>>();

  /** Boot: every connection of a supported provider, side by side; one failing does not stop the others. */
  async startAll(ctx: Context): Promise<void> {
    this.ctx = ctx;
    const rows = await ctx.db
      .select()
      .from(whatsapps)
      .where(inArray(whatsapps.provider, Object.keys(factories)));
    await Promise.all(rows.map((row) => this.serial(row.id, () => this.launch(row))));
  }

  /** The running driver of a connection, or ERR_WAPP_NOT_INITIALIZED. */
  driverFor(whatsappId: number): ChannelDriver {
    const driver = this.running.get(whatsappId);
    if (!driver) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return driver;
  }

  /** The running driver, or undefined: for callers that answer "not started" their own way. */
  runningDriver(whatsappId: number): ChannelDriver | undefined {
    return this.running.get(whatsappId);
  }

  /** After a save: re-read the connection and (re)start it, or stop it when it is gone or unsupported. */
  refresh(whatsappId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      await this.halt(whatsappId);
      const [row] = await this.context().db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId));
      if (row) await this.launch(row);
    });
  }

  stop(whatsappId: number): Promise<void> {
    return this.serial(whatsappId, () => this.halt(whatsappId));
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  private context(): Context {
    if (!this.ctx) throw new Error("ChannelManager used before startAll");
    return this.ctx;
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

  private async launch(connection: Connection): Promise<void> {
    const ctx = this.context();
    const factory = factories[connection.provider as ConnectionProvider];
    if (!factory) return;
    const driver = factory(ctx, connection);
    const events: ChannelEvents = {
      message: (inbound) => ingest(ctx, connection, inbound),
      ack: (update) => applyAck(ctx, connection, update),
      session: (update) => applySession(ctx, connection, update),
      // Calls are not handled yet: none is rejected or logged.
      call: () => Promise.resolve({ reject: false }),
    };
    try {
      await driver.start(events);
      this.running.set(connection.id, driver);
    } catch (err) {
      // The driver reported its session (DISCONNECTED); the page offers "try again".
      ctx.log.warn({ err, whatsappId: connection.id }, "connection did not start");
    }
  }

  private async halt(whatsappId: number): Promise<void> {
    const driver = this.running.get(whatsappId);
    if (!driver) return;
    this.running.delete(whatsappId);
    await driver.stop();
  }
}
