/**
 * Time passing for one ticket's timers (automation/ticket-timer.job.ts)
 * without waiting minutes: everything that dates the ticket (its own times,
 * its messages') and its waiting timer jobs' start moves the same minutes
 * earlier, which is what the clock moving on would do to the distances the
 * rules compare. The rules themselves (timersFor, fireTimer) and pg-boss's
 * "due" check run as they are.
 */
interface Sql {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export async function elapse(sql: Sql, ticketId: number, minutes: number): Promise<void> {
  const shift = `${minutes} minutes`;
  await sql.query(
    `update tickets set created_at = created_at - $2::interval, queued_at = queued_at - $2::interval,
       accepted_at = accepted_at - $2::interval, updated_at = updated_at - $2::interval where id = $1`,
    [ticketId, shift],
  );
  await sql.query("update messages set created_at = created_at - $2::interval where ticket_id = $1", [ticketId, shift]);
  await sql.query(
    `update pgboss.job set start_after = start_after - $2::interval
     where name = 'ticket-timer' and (data->>'ticketId')::int = $1 and state in ('created', 'retry')`,
    [ticketId, shift],
  );
}

export interface ArmedTimer {
  kind: string;
  /** Minutes from now until it may run (negative: due). */
  inMinutes: number;
}

/** The ticket's timer jobs waiting in pg-boss, by kind. */
export async function armedTimers(sql: Sql, ticketId: number): Promise<ArmedTimer[]> {
  const { rows } = await sql.query(
    `select data->>'kind' as kind, extract(epoch from start_after - now()) / 60 as "inMinutes"
     from pgboss.job where name = 'ticket-timer' and (data->>'ticketId')::int = $1 and state in ('created', 'retry')
     order by data->>'kind'`,
    [ticketId],
  );
  return (rows as { kind: string; inMinutes: string }[]).map((r) => ({
    kind: r.kind,
    inMinutes: Math.round(Number(r.inMinutes) * 10) / 10,
  }));
}

/**
 * A second copy of each of the ticket's waiting timer jobs, without its key: what a job run again
 * after a crash, or handed out twice, amounts to. The handler must still act once.
 */
export async function duplicateTimerJobs(sql: Sql, ticketId: number): Promise<void> {
  await sql.query(
    `insert into pgboss.job (name, data, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
     select name, data, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy
     from pgboss.job where name = 'ticket-timer' and (data->>'ticketId')::int = $1 and state = 'created'`,
    [ticketId],
  );
}
