/**
 * The lease side of the channel manager. A WhatsApp Web session runs on the
 * one process holding its lease (lease.ts): a session command runs here when
 * this process holds (or can take) the lease and goes to the holder
 * otherwise; what other processes send runs here only while we hold the
 * session; and when the database drops our lease connection, the sessions
 * stop here so another process may open them.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Context } from "../context.js";
import type { whatsapps } from "../db/schema/index.js";
import type { ChannelDriver, ChannelSender } from "./driver.js";
import { AdvisoryLease, LocalLease, type SessionCommand, type SessionLease, type SessionMessage } from "./lease.js";
import { RemoteCalls } from "./remote-calls.js";

type Connection = typeof whatsapps.$inferSelect;

/** Providers whose session lives in one process and needs the lease. */
export const leased = new Set<string>(["beta"]);

/** What the manager does on this process's drivers. */
export interface LocalSessions {
  readonly running: ReadonlyMap<number, ChannelDriver>;
  connection(whatsappId: number): Promise<Connection | undefined>;
  /** Runs a session command here. */
  execute(command: SessionCommand): Promise<void>;
  /** Stops a running driver, in turn with the connection's other commands. */
  halt(whatsappId: number): Promise<void>;
}

export class SessionRouting {
  private current: SessionLease = new LocalLease();
  /** Sends through sessions other processes hold. */
  private remote?: RemoteCalls;
  private log?: FastifyBaseLogger;
  /** The leased (WhatsApp Web) connections, as of the last look at the table. */
  private leasedIds = new Set<number>();

  constructor(private readonly local: LocalSessions) {}

  get lease(): SessionLease {
    return this.current;
  }

  /** Boot: the lease every process shares, and the calls through sessions others hold. */
  open(ctx: Context): void {
    this.log = ctx.log;
    this.current = new AdvisoryLease(ctx.database.url, ctx.log, (message) => this.onMessage(message));
    this.remote = new RemoteCalls(ctx.db, this.current, (id) => this.local.running.get(id), ctx.log);
    this.current.onLost(() => void this.leaseLost());
  }

  /** Boot and the retry timer: the connections as the table lists them now. */
  lookedAt(rows: readonly Connection[]): void {
    this.leasedIds = new Set(rows.filter((row) => leased.has(row.provider)).map((row) => row.id));
  }

  /** A connection not running here whose session another process holds: sends go through that process. */
  elsewhere(whatsappId: number): ChannelSender | undefined {
    // Held here but not running (it failed to start, or was disconnected): nobody else has it either.
    const remote = this.remote && this.leasedIds.has(whatsappId) && !this.current.holds(whatsappId);
    return remote ? this.remote!.sender(whatsappId) : undefined;
  }

  /** The connections `elsewhere` answers a sender for. */
  elsewhereIds(): number[] {
    if (!this.remote) return [];
    return [...this.leasedIds].filter((id) => !this.current.holds(id));
  }

  /**
   * Runs a session command here when this process holds (or can take) the
   * connection's lease, and hands it to the holder otherwise.
   */
  async command(command: SessionCommand): Promise<void> {
    const row = await this.local.connection(command.whatsappId);
    if (row && leased.has(row.provider)) {
      this.leasedIds.add(row.id);
      if (!(await this.current.acquire(row.id))) return this.current.publish({ kind: "command", ...command });
    }
    return this.local.execute(command);
  }

  /** What another process asked: ours to act on only when we hold the session. */
  private async onMessage(message: SessionMessage): Promise<void> {
    if (message.kind === "done") return this.remote?.answered(message.callId);
    if (!this.current.holds(message.whatsappId)) return;
    if (message.kind === "call") {
      return this.remote?.serve(message.callId, message.whatsappId).catch((err: unknown) => {
        this.log?.warn({ err, ...message }, "session call from another process failed");
      });
    }
    const { whatsappId, action } = message;
    await this.local
      .execute({ whatsappId, action })
      .catch((err: unknown) => this.log?.warn({ err, ...message }, "forwarded session command failed"));
  }

  /** The database dropped our lease connection: another process may open these sessions now. */
  private async leaseLost(): Promise<void> {
    const ids = [...this.local.running.entries()].filter(([, d]) => leased.has(d.provider)).map(([id]) => id);
    await Promise.all(ids.map((id) => this.local.halt(id)));
  }
}
