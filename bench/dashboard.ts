/**
 * The dashboard (issue 11 item 10; DESIGN §9 p95 < 50 ms): every call, over
 * 30 and 90 day periods, both filter types, timed as the admin's browser
 * calls them.
 */
import { timeCalls, type Figure } from "./measure.js";
import { BENCH } from "./seed.js";
import { getter, signIn } from "./lists.js";

const log = (line: string) => process.stdout.write(`${line}\n`);

/** YYYY-MM-DD `daysAgo` days before today (UTC; the periods are long enough for the difference not to matter). */
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function dashboardFigures(base: string): Promise<Figure[]> {
  const admin = getter(base, await signIn(base, BENCH.adminEmail));
  const runs = Number(process.env.BENCH_RUNS ?? 200);
  const range = (days: number) => `initialDate=${day(days)}&finalDate=${day(0)}`;
  const calls: [string, string][] = [];
  for (const days of [30, 90]) {
    calls.push(
      [`dashboard ${days} days (type 2)`, `/dashboard?days=${days}`],
      [`dashboard ${days} days by date (type 1)`, `/dashboard?days=0&date_from=${day(days)}&date_to=${day(0)}`],
      [`dashboard ticketsUsers ${days} days`, `/dashboard/ticketsUsers?${range(days)}`],
      [`dashboard ticketsDay ${days} days`, `/dashboard/ticketsDay?${range(days)}`],
    );
  }
  calls.push([
    `dashboard ticketsDay one day (hours)`,
    `/dashboard/ticketsDay?initialDate=${day(1)}&finalDate=${day(1)}`,
  ]);
  const figures: Figure[] = [];
  for (const [name, path] of calls) {
    figures.push(await timeCalls(name, runs, async () => void (await admin(path))));
    log(`bench: ${name} done`);
  }
  return figures;
}
