/**
 * The seam between what happens and what follows it (DESIGN §2 "Domain
 * events"; issue 11 item 1). A service changes data and records events in one
 * transaction:
 *
 *   await ctx.events.transaction(async (t) => {
 *     await t.db.update(tickets)…;                       // the change, on the transaction
 *     t.record("ticket.accepted", { companyId, ticketId, byUserId, before });
 *   });
 *
 * Three kinds of subscriber, all wired in events/wiring.ts:
 * - `within(name, (tx, payload, enqueue) => …, needed?)`: writes that belong to
 *   the change itself (the ticket timeline, the timers it arms), run on the
 *   transaction just before the commit: a rollback loses them with it.
 *   `needed(payload)` says when it has anything to write (default: always).
 * - `durable(name, job, payloadOf)`: a pg-boss job (jobs/registry.ts) inserted
 *   on the transaction's own connection, so it exists if and only if the
 *   change committed; a crash after the commit loses nothing, the job runs
 *   when a worker picks it up (this process's worker is woken after the
 *   commit). Automation subscribes this way; `t.enqueue(job, data)` does the
 *   same for a job the service itself decides on.
 * - `on(name, payload => …)`: in this process, after the commit (realtime
 *   publishing), one after the other in the events' order. One registered
 *   `{ batched: true }` is started in its turn and awaited with the commit's
 *   other batched ones at the end: the bot's answers of one commit then reach
 *   the announcement batches together (modules/messages/ingest-announce.ts),
 *   read in one statement, and the commit's later events may be told before
 *   them. A failure is logged: the change stands.
 *
 * `published(name, payload)` is for a change one autocommit statement already
 * made (an ack, an edit; ingest's common case, whose one statement writes what
 * a subscriber would have): it runs the `on` subscribers only, and refuses an
 * event a durable or in-transaction subscriber needs (that needs a
 * transaction): `committed(events)` the same for several, in their order and
 * sharing one PublishScope. From a job: the same calls, with the job's ctx.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Tx, Db, RawSql } from "../db/client.js";
import { rawOf } from "../db/client.js";
import type { JobDefinition, Jobs, SendOptions } from "../jobs/jobs.js";
import type { DomainEvent, DomainEvents, EventName } from "./events.js";

export interface EventTransaction {
  /** Drizzle on the transaction. */
  db: Tx;
  /** Raw SQL on the same connection (prepared statements). */
  raw: RawSql;
  /** Kept until the commit: written by `within` and `durable` subscribers before it, published after it. */
  record: <K extends EventName>(name: K, payload: DomainEvents[K]) => void;
  /** A job that exists if and only if this transaction commits (and is worked at once after it, or at `startAfter`). */
  enqueue: <T>(job: JobDefinition<T>, data: T, options?: SendOptions) => Promise<void>;
  /** Wakes this process's sweep of that name once this transaction commits (what it wrote marks its work). */
  wake: (sweep: string) => void;
  /**
   * Writes now what the `within` and `durable` subscribers write for the events recorded so far (else done just
   * before the commit): a transaction carrying several changes one after the other (the answer sweep's batch)
   * has each one's rows written as they would be alone, before the next change.
   */
  settle: () => Promise<void>;
}

/**
 * What the `on` subscribers of one commit share: a value loaded once for all of them. A bot's
 * answer records a ticket event and a message: both publish the ticket as it now is, read once.
 */
export interface PublishScope {
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

function publishScope(): PublishScope {
  const loaded = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, load: () => Promise<T>) {
      if (!loaded.has(key)) loaded.set(key, load());
      return loaded.get(key) as Promise<T>;
    },
  };
}

type Handler<K extends EventName> = (payload: DomainEvents[K], scope: PublishScope) => Promise<void> | void;
interface InProcess<K extends EventName> {
  handler: Handler<K>;
  batched: boolean;
}
type Enqueue = EventTransaction["enqueue"];
type TxHandler<K extends EventName> = (tx: Tx, payload: DomainEvents[K], enqueue: Enqueue) => Promise<void>;
/** Whether a transactional subscriber has anything to write for this event. */
type Needed<K extends EventName> = (payload: DomainEvents[K]) => boolean;
interface Transactional<K extends EventName> {
  run: TxHandler<K>;
  needed: Needed<K>;
  /** Registered with `needed`: the change's author can know from the payload that it writes nothing. */
  tells: boolean;
}
type Table<H> = { [K in EventName]?: H[] };

export interface EventBus {
  transaction<T>(work: (t: EventTransaction) => Promise<T>): Promise<T>;
  published<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
  committed(events: DomainEvent[]): Promise<void>;
  /**
   * Whether a change that records these events may commit alone and then call `committed`: every transactional
   * subscriber of theirs says when it is needed (`within` with `needed`), so the author can make sure it is not
   * (ingest's statement: modules/messages/ingest-statement.ts). A durable subscriber, or one without `needed`: no.
   */
  committable(names: EventName[]): boolean;
  on<K extends EventName>(name: K, handler: Handler<K>, options?: { batched: true }): void;
  within<K extends EventName>(name: K, handler: TxHandler<K>, needed?: Needed<K>): void;
  /** `payloadOf` picks the job's ids from the event; undefined: this event needs no job. */
  durable<K extends EventName, T>(
    name: K,
    job: JobDefinition<T>,
    payloadOf: (payload: DomainEvents[K]) => T | undefined,
  ): void;
}

export function createEventBus(db: Db, jobs: Pick<Jobs, "send" | "wake">, log: FastifyBaseLogger): EventBus {
  // Typed per event at the `on`/`within`/`durable` calls; stored by name.
  const inProcess: Table<InProcess<never>> = {};
  // Durable subscribers are transactional ones that enqueue their job (needed when it has a payload).
  const inTransaction: Table<Transactional<never>> = {};
  const add = <H>(table: { [K in EventName]?: H[] }, name: EventName, h: H) => {
    (table[name] ??= []).push(h);
  };
  const inProcessOf = (e: DomainEvent) => (inProcess[e.name] ?? []) as unknown as InProcess<EventName>[];
  const transactionalOf = (e: DomainEvent) => (inTransaction[e.name] ?? []) as unknown as Transactional<EventName>[];

  async function committed(events: DomainEvent[]) {
    for (const e of events)
      if (transactionalOf(e).some((h) => h.needed(e.payload)))
        throw new Error(`event ${e.name} needs its transactional subscribers: record it in ctx.events.transaction`);
    await publish(events);
  }

  async function run(h: Handler<EventName>, e: DomainEvent, scope: PublishScope) {
    try {
      await h(e.payload, scope);
    } catch (err) {
      log.error({ err, event: e.name }, "event subscriber failed");
    }
  }

  async function publish(recorded: DomainEvent[]) {
    const scope = publishScope();
    const batched: Promise<void>[] = [];
    for (const e of recorded)
      for (const { handler, batched: joins } of inProcessOf(e)) {
        const running = run(handler, e, scope);
        if (joins) batched.push(running);
        else await running;
      }
    await Promise.all(batched);
  }

  return {
    async transaction(work) {
      const recorded: DomainEvent[] = [];
      const queues = new Set<string>();
      const result = await db.transaction(async (tx) => {
        const raw = rawOf(tx);
        const enqueue: Enqueue = async (job, data, options) => {
          await jobs.send(job, data, raw, options);
          queues.add(job.name);
        };
        let settled = 0;
        // In recording order, each event once; what a subscriber records meanwhile is not dispatched here.
        const settle = async () => {
          const events = recorded.slice(settled);
          settled = recorded.length;
          for (const e of events)
            for (const h of transactionalOf(e)) if (h.needed(e.payload)) await h.run(tx, e.payload, enqueue);
        };
        const value = await work({
          db: tx,
          raw,
          record: (name, payload) => void recorded.push({ name, payload }),
          enqueue,
          wake: (sweep) => void queues.add(sweep),
          settle,
        });
        await settle();
        return value;
      });
      for (const name of queues) jobs.wake(name);
      await publish(recorded);
      return result;
    },
    published: (name, payload) => committed([{ name, payload }]),
    committed,
    on: (name, handler, options) => add(inProcess, name, { handler, batched: options?.batched ?? false }),
    within: (name, handler, needed) =>
      add(inTransaction, name, { run: handler, needed: needed ?? (() => true), tells: needed !== undefined }),
    committable: (names) => names.every((name) => (inTransaction[name] ?? []).every((h) => h.tells)),
    durable(name, job, payloadOf) {
      const durable: Transactional<typeof name> = {
        run: async (_tx, payload, enqueue) => {
          const data = payloadOf(payload);
          if (data !== undefined) await enqueue(job, data);
        },
        needed: (payload) => payloadOf(payload) !== undefined,
        tells: false,
      };
      add(inTransaction, name, durable as unknown as Transactional<never>);
    },
  };
}
