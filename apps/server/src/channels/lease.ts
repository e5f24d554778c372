/**
 * Session ownership (DESIGN §3): a WhatsApp Web session runs on exactly one
 * server process at a time. On PostgreSQL the process holds a session-level
 * advisory lock per connection on one dedicated database connection: another
 * process's try-lock fails while it is held, and the database frees it when
 * the holder stops or dies, so a waiting process takes the session over.
 * Embedded PGlite is one process by construction and always grants.
 */
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";

/** What a person asked of a session, run by the process that holds it. */
export interface SessionCommand {
  whatsappId: number;
  action: "start" | "stop" | "renew" | "disconnect";
}

export interface SessionLease {
  /** True when this process holds the session now (acquiring it if free). */
  acquire(whatsappId: number): Promise<boolean>;
  holds(whatsappId: number): boolean;
  release(whatsappId: number): Promise<void>;
  /** Hands a command to the process holding the session. */
  forward(command: SessionCommand): Promise<void>;
  /** Called once per loss of every lease (the holder's connection dropped). */
  onLost(handler: () => void): void;
  close(): Promise<void>;
}

/** The first key of every lock we take, so ours never meet another application's. */
const LOCK_SPACE = 0x0bac; // "BAlCão"
/** The notification channel session commands travel on between processes. */
const COMMANDS = "balcao_session_commands";

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
  /** Never needed: this process holds every session. */
  forward(): Promise<void> {
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
  private lostHandler?: () => void;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    private readonly onCommand: (command: SessionCommand) => void | Promise<void>,
  ) {}

  async acquire(whatsappId: number): Promise<boolean> {
    if (this.closed) return false;
    if (this.held.has(whatsappId)) return true;
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

  async forward(command: SessionCommand): Promise<void> {
    const client = await this.connection();
    await client.query("select pg_notify($1, $2)", [COMMANDS, JSON.stringify(command)]);
  }

  async release(whatsappId: number): Promise<void> {
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
    await client.query(`listen ${COMMANDS}`);
    return client;
  }

  private received(payload: string | undefined) {
    try {
      void this.onCommand(JSON.parse(payload ?? "") as SessionCommand);
    } catch (err) {
      this.log.warn({ err, payload }, "unreadable session command ignored");
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
