/** Builds the whole server from a config: db -> migrate -> seed -> jobs -> realtime -> channels -> http. */
import { Redis } from "ioredis";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import type { WhatsAppWeb } from "./channels/baileys/socket.js";
import { channelHandlers } from "./channel-handlers.js";
import { ChannelManager } from "./channels/manager.js";
import type { Config } from "./config.js";
import type { Context } from "./context.js";
import { openDatabase, type Database } from "./db/client.js";
import { moveEarlierBuildData } from "./db/upgrade/at-start.js";
import { buildApp } from "./http/app.js";
import { createEventBus } from "./events/bus.js";
import { wireEvents } from "./events/wiring.js";
import { startJobs } from "./jobs/jobs.js";
import { jobDefinitions, sweepDefinitions } from "./jobs/registry.js";
import { createLogger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { MediaStorage } from "./media/storage.js";
import { startCompanySweep } from "./modules/auth/company-sweep.js";
import { mayWork } from "./modules/companies/subscription.js";
import { createSessionCheck } from "./modules/auth/session-check.js";
import { createTokens } from "./modules/auth/tokens.js";
import { loadViewer, ticketRefusal } from "./modules/tickets/ticket-visibility.js";
import { reportPresence } from "./modules/users/users.service.js";
import { createRealtime } from "./realtime/realtime.js";
import { setOutboundPolicy } from "./outbound/index.js";
import { setMediaLinkBase } from "./integrations/deliveries/index.js";
import { encryptExistingSecrets } from "./secrets/encrypt-existing.js";
import { initSecrets, loadSecretsKey } from "./secrets/index.js";
import { seed, type SeedResult } from "./seed.js";

export interface Server {
  app: FastifyInstance;
  ctx: Context;
  seeded: SeedResult;
  close(): Promise<void>;
}

function redisAdapter(url: string) {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  return { adapter: createAdapter(pub, sub), close: () => Promise.all([pub.quit(), sub.quit()]) };
}

export interface ServerOptions {
  /** Where log lines go (default stdout). */
  logDestination?: DestinationStream;
  /** WhatsApp Web (Baileys' unless a test drives its own). */
  whatsappWeb?: WhatsAppWeb;
  /** How often sockets of companies switched off or expired meanwhile are dropped (default a minute). */
  companySweepMs?: number;
  /** false: jobs are queued but not worked here (tests run them with test/jobs.ts runQueuedJobs). */
  workJobs?: boolean;
}

export async function createServer(config: Config, database?: Database, options: ServerOptions = {}): Promise<Server> {
  const log = createLogger(config, options.logDestination);
  setMediaLinkBase(config.PUBLIC_URL);
  // Process-wide, before anything reads a secret or calls out (secrets/index.ts, outbound/policy.ts).
  initSecrets(loadSecretsKey(config, log));
  setOutboundPolicy({ allowPrivate: config.ALLOW_PRIVATE_OUTBOUND });
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      log,
      onIdleError: (err) => log.warn({ err }, "database connection lost; the pool reconnects"),
    }));
  try {
    await moveEarlierBuildData(db, config.DATA_DIR, log);
  } catch (err) {
    // The embedded database stops with the server that could not start.
    if (!database) await db.close();
    throw err;
  }
  await db.migrate();
  await encryptExistingSecrets(db.db, log);
  const seeded = await seed(db.db, config);
  const tokens = await createTokens(db.db, config);
  const sessions = createSessionCheck(db.db, tokens);
  const jobs = await startJobs(db, log, { recoverySeconds: config.JOB_RECOVERY_SECONDS });
  const redis = config.REDIS_URL ? redisAdapter(config.REDIS_URL) : undefined;
  const realtime = createRealtime({
    sessions,
    log,
    adapter: redis?.adapter,
    presence: { report: (claims, online) => reportPresence({ db: db.db }, claims.id, online) },
    visibility: {
      viewerOf: (claims) => loadViewer(db.db, claims),
      ticketRefusal: (viewer, ticketId) => ticketRefusal(db.db, viewer, ticketId),
    },
  });
  const ctx: Context = {
    config,
    database: db,
    db: db.db,
    tokens,
    sessions,
    realtime,
    mailer: createMailer(config, db.db, log),
    media: await MediaStorage.open(config.DATA_DIR, db.db),
    jobs,
    events: createEventBus(db.db, jobs, log),
    channels: new ChannelManager({
      handlers: channelHandlers,
      whatsappWeb: options.whatsappWeb,
      companyMayWork: mayWork,
    }),
    log,
  };
  wireEvents(ctx);
  // Queues before the channels start (ingest queues jobs from the first message on); workers after them,
  // so what waited through a restart (an automatic message) finds its connection running.
  for (const job of jobDefinitions) await jobs.register(job);
  await ctx.channels.startAll(ctx);
  if (options.workJobs !== false) {
    for (const job of jobDefinitions) await jobs.work(ctx, job);
    for (const sweep of sweepDefinitions) jobs.sweep(ctx, sweep());
  }
  const app = await buildApp(ctx);
  const companySweep = startCompanySweep(ctx, options.companySweepMs);
  return {
    app,
    ctx,
    seeded,
    /** In order: HTTP and Socket.IO, WhatsApp sessions, jobs, Redis, and the database last whatever failed before. */
    async close() {
      companySweep.stop();
      try {
        await app.close();
        await ctx.channels.stopAll();
        await jobs.stop();
        await redis?.close();
      } finally {
        if (!database) await db.close();
      }
    },
  };
}
