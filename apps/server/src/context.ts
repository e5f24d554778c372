/** What every route and service reaches: built once in server.ts (for main.ts and the test harness). */
import type { FastifyBaseLogger } from "fastify";
import type { ChannelManager } from "./channels/manager.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { EventBus } from "./events/bus.js";
import type { Jobs } from "./jobs/jobs.js";
import type { Mailer } from "./mail/mailer.js";
import type { MediaStorage } from "./media/storage.js";
import type { SessionCheck } from "./modules/auth/session-check.js";
import type { Tokens } from "./modules/auth/tokens.js";
import type { Realtime } from "./realtime/realtime.js";

export interface Context {
  config: Config;
  database: Database;
  db: Db;
  tokens: Tokens;
  /** Access tokens checked against their user; forget a user or company after changing them (session-end.ts). */
  sessions: SessionCheck;
  realtime: Realtime;
  mailer: Mailer;
  media: MediaStorage;
  jobs: Jobs;
  /** Domain events: `events.transaction(async (t) => { …; t.record(name, payload) })` (events/bus.ts). */
  events: EventBus;
  /** The running WhatsApp connections: `driverFor(whatsappId)` sends, `refresh`/`stop` follow saves and deletes. */
  channels: ChannelManager;
  log: FastifyBaseLogger;
}
