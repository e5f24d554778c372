/**
 * Session ownership (DESIGN §3): a WhatsApp Web session runs on exactly one
 * server process at a time. On PostgreSQL the process holds a session-level
 * advisory lock per connection on one dedicated database connection: another
 * process's try-lock fails while it is held, and the database frees it when
 * the holder stops or dies, so a waiting process takes the session over.
 * The embedded PostgreSQL is no different: a second server on the same data
 * directory is refused at start (db/embedded/leftover.ts), not here.
 */
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";

/** What a person asked of a session, run by the process that holds it. */
export interface SessionCommand {
  whatsappId: number;
  /** "saved": the connection's settings changed. */
  action: "start" | "saved" | "stop" | "renew" | "disconnect";
}

/** What processes tell each other about sessions (remote-calls.ts has the calls' side). */
export type SessionMessage =
  | ({ kind: "command" } & SessionCommand)
  /** A stored call (channel_calls) for the holder of the session to run. */
  | { kind: "call"; callId: number; whatsappId: number }
  /** The holder answered a call. */
  | { kind: "done"; callId: number };

export interface SessionLease {
  /** True when this process holds the session now (acquiring it if free). */
  acquire(whatsappId: number): Promise<boolean>;
  holds(whatsappId: number): boolean;
  release(whatsappId: number): Promise<void>;
  /** True when another process holds the session. */
  heldElsewhere(whatsappId: number): Promise<boolean>;
  /** Tells every process (this one included). */
  publish(message: SessionMessage): Promise<void>;
  /** Called once per loss of every lease (the holder's connection dropped). */
  onLost(handler: () => void): void;
  close(): Promise<void>;
}

/** The first key of every lock we take, so ours never meet another application's. */
const LOCK_SPACE = 0x0bac; // "BAlCão"
/** The notification channel session messages travel on between processes. */
const CHANNEL = "balcao_sessions";

/** Until the channels start (ChannelManager.startAll): this process holds every session it is asked about. */
export class LocalLease implements SessionLease {
  private readonly held = new Set<number>();

  acquire(whatsappId: number): Promise<boolean> {
    this.held.add(whatsappId);
    return Promise.resolve(true);
  }
  holds(whatsappId: number): boolean {
    return this.held.has(whatsappId);
  }
  release(whatsappId: number): Promise<void> {
    this.held.delete(whatsappId);
    return Promise.resolve();
  }
  /** Nobody else: this process holds every session. */
  heldElsewhere(): Promise<boolean> {
    return Promise.resolve(false);
  }
  publish(): Promise<void> {
    return Promise.resolve();
  }
  onLost(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

export class AdvisoryLease implements SessionLease {
  private client?: Promise<pg.Client>;
  private readonly held = new Set<number>();
  /** Try-locks sent and not yet answered, so a release never passes one. */
  private readonly acquiring = new Map<number, Promise<boolean>>();
  private lostHandler?: () => void;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    private readonly onMessage: (message: SessionMessage) => void | Promise<void>,
  ) {}

  acquire(whatsappId: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.held.has(whatsappId)) return Promise.resolve(true);
    let acquiring = this.acquiring.get(whatsappId);
    if (!acquiring) {
      acquiring = this.tryLock(whatsappId).finally(() => this.acquiring.delete(whatsappId));
      this.acquiring.set(whatsappId, acquiring);
    }
    return acquiring;
  }

  private async tryLock(whatsappId: number): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [
      LOCK_SPACE,
      whatsappId,
    ]);
    if (rows[0]?.ok) this.held.add(whatsappId);
    return this.held.has(whatsappId);
  }

  holds(whatsappId: number): boolean {
    return this.held.has(whatsappId);
  }

  async heldElsewhere(whatsappId: number): Promise<boolean> {
    if (this.held.has(whatsappId)) return false;
    const client = await this.connection();
    // A lock taken with two int4 keys shows with objsubid 2.
    const { rows } = await client.query<{ held: boolean }>(
      `select exists(select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2
         and objsubid = 2 and granted) as held`,
      [LOCK_SPACE, whatsappId],
    );
    return rows[0]?.held ?? false;
  }

  async publish(message: SessionMessage): Promise<void> {
    const client = await this.connection();
    await client.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(message)]);
  }

  async release(whatsappId: number): Promise<void> {
    // A try-lock still on its way would take the lock after this release and keep it: wait for it.
    await this.acquiring.get(whatsappId)?.catch(() => false);
    if (!this.held.delete(whatsappId) || !this.client) return;
    const client = await this.client;
    await client.query("select pg_advisory_unlock($1, $2)", [LOCK_SPACE, whatsappId]);
  }

  onLost(handler: () => void): void {
    this.lostHandler = handler;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    // Ending the connection frees every lock it holds.
    if (client) await (await client).end();
  }

  private connection(): Promise<pg.Client> {
    this.client ??= this.open();
    return this.client.catch((err: unknown) => {
      this.client = undefined;
      throw err;
    });
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: `balcao-lease-${process.pid}` });
    const lost = (err?: Error) => this.dropped(client, err);
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => this.received(message.payload));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    return client;
  }

  private received(payload: string | undefined) {
    try {
      void this.onMessage(JSON.parse(payload ?? "") as SessionMessage);
    } catch (err) {
      this.log.warn({ err, payload }, "unreadable session message ignored");
    }
  }

  /** The database freed our locks with the connection: every session here must stop. */
  private dropped(client: pg.Client, err?: Error) {
    if (this.closed) return;
    void this.client?.then((current) => {
      if (current !== client) return;
      this.log.error({ err }, "session lease connection lost; its sessions stop until the lease is taken again");
      this.client = undefined;
      this.held.clear();
      this.lostHandler?.();
    });
  }
}
