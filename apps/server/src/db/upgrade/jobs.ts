/**
 * Jobs the PGlite build queued and had not run yet (a media fetch of an
 * inbound message, …) live in pg-boss's schema, which our migrations do not
 * make: pg-boss makes it in the target, then each of their queues, and the
 * waiting jobs are copied with their ids, so each still runs exactly once.
 */
import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import pg from "pg";
import { asJsonArray, eachBatch } from "./copy.js";
import type { Sql } from "./catalog.js";

const WAITING = `state IN ('created', 'retry', 'active')`;

interface QueueRow {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}

/** How many jobs were waiting, all of them now in the target. */
export async function copyWaitingJobs(source: PGlite, from: Sql, targetUrl: string): Promise<number> {
  const [schema] = await from(`SELECT to_regclass('pgboss.job')::text AS job`);
  if (!schema?.job) return 0;
  const ids = (await from(`SELECT id::text AS id FROM pgboss.job WHERE ${WAITING}`)).map((r) => String(r.id));
  if (ids.length === 0) return 0;
  // Dead-letter queues first: a queue names its dead letter by a foreign key.
  const queues = (await from(
    `SELECT * FROM pgboss.queue ORDER BY dead_letter IS NOT NULL, name`,
  )) as unknown as QueueRow[];
  await createQueues(targetUrl, queues);
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    // An earlier run may have copied them already (it stopped before the directory was renamed).
    const insert = `INSERT INTO pgboss.job SELECT * FROM jsonb_populate_recordset(NULL::pgboss.job, $1::jsonb)
      ON CONFLICT DO NOTHING`;
    await eachBatch(source, `SELECT * FROM pgboss.job WHERE ${WAITING}`, async (rows) => {
      await target.query(insert, [asJsonArray(rows)]);
    });
    const { rows } = await target.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE id = ANY ($1::uuid[])`,
      [ids],
    );
    if (rows[0]?.n !== ids.length) throw new Error(`${ids.length - (rows[0]?.n ?? 0)} waiting jobs were not copied`);
    return ids.length;
  } finally {
    await target.end();
  }
}

async function createQueues(targetUrl: string, queues: QueueRow[]) {
  // No supervision or schedules: this instance only makes the schema and the queues, then stops.
  const boss = new PgBoss({ connectionString: targetUrl, max: 1, supervise: false, schedule: false });
  // A failure to start or to create a queue rejects the calls below; the event would only repeat it.
  boss.on("error", () => undefined);
  await boss.start();
  try {
    for (const q of queues) {
      await boss.createQueue(q.name, queueOptions(q));
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** pg-boss refuses an option present as undefined: only the ones the old queue had set. */
function queueOptions(q: QueueRow): PgBoss.Queue {
  const set = <T>(key: string, value: T | null) => (value === null ? {} : { [key]: value });
  return {
    name: q.name,
    ...set("policy", q.policy),
    ...set("retryLimit", q.retry_limit),
    ...set("retryDelay", q.retry_delay),
    ...set("retryBackoff", q.retry_backoff),
    ...set("expireInSeconds", q.expire_seconds),
    ...set("retentionMinutes", q.retention_minutes),
    ...set("deadLetter", q.dead_letter),
  };
}
