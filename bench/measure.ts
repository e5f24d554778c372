/** Timing helpers: run a request many times, report p50/p95 in milliseconds. */
export interface Figure {
  name: string;
  p50: number;
  p95: number;
  runs: number;
  /** Throughput figures: calls completed per second. */
  perSecond?: number;
  note?: string;
  /** Ingest: CPU milliseconds per message, the server's (with an embedded database's), PostgreSQL's if read. */
  cpuPerMessage?: { server: number; postgres?: number };
  /** Ingest with routing on: the bot's messages sent from the start until they stopped, and their rate. */
  answers?: { sent: number; perSecond: number };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

/** Sequential calls after a warm-up, as one agent's browser would make them. */
export async function timeCalls(name: string, runs: number, call: (i: number) => Promise<void>): Promise<Figure> {
  for (let i = 0; i < Math.min(20, runs); i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), runs };
}

export function printFigures(figures: Figure[], budget: (f: Figure) => number | undefined) {
  const rows = figures.map((f) => {
    const limit = budget(f);
    const verdict = limit === undefined ? "" : f.p95 < limit ? `ok (< ${limit} ms)` : `OVER (budget ${limit} ms)`;
    return `| ${f.name} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} | ${f.runs} | ${verdict}${f.note ? ` ${f.note}` : ""} |`;
  });
  return ["| scenario | p50 ms | p95 ms | runs | budget |", "|---|---|---|---|---|", ...rows].join("\n");
}
