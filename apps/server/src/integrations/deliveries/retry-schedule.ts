/**
 * When a failed delivery is tried again (issue 17 item 6): WEBHOOK_RETRY_DELAYS
 * lists the seconds before each retry (default 10, 60, 300, 1800, 7200); a
 * delivery that failed its first attempt and every retry is `failed`. Pure,
 * so the schedule is read in one place.
 */

/** `retry` is how many retries came before the attempt that just failed (0 for the first attempt). */
export function nextRetry(
  delays: readonly number[],
  retry: number,
  now: Date,
): { retry: number; at: Date } | undefined {
  const delay = delays[retry];
  if (delay === undefined) return undefined;
  return { retry: retry + 1, at: new Date(now.getTime() + delay * 1000) };
}
