/**
 * A server killed with SIGKILL cannot stop its PostgreSQL: the postmaster
 * (in its own session, see cluster.ts) keeps running and holds the data
 * directory, so a plain start would fail on its `postmaster.pid`. Before
 * starting, the server reads that file: a live postmaster of this data
 * directory whose server is gone is stopped (fast shutdown, then harder),
 * a stale file is left to PostgreSQL, which replaces it itself after its
 * ordinary crash recovery. A live server still holding the directory is
 * never touched: the start stops with an error instead.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

export interface LeftoverLog {
  warn(obj: object, msg: string): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under a user this process cannot signal.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** On Linux, what the process runs (for telling a reused pid from ours); undefined elsewhere. */
function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return undefined;
  }
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, "utf8").split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Waits up to `ms` for the process to end; true when it did. */
async function ended(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return !alive(pid);
}

/** A cluster's data directory and its pg_ctl, for stopping it where signals cannot (Windows). */
export interface ClusterControl {
  pgDir: string;
  pgCtl: string;
}

/**
 * Windows has no SIGINT for another process: Node's kill ends it abruptly, which would cost the
 * cluster a crash recovery at every stop. pg_ctl asks the postmaster by its own event instead:
 * a fast shutdown, then an immediate one; false when neither answered in time.
 */
async function stopThroughPgCtl({ pgDir, pgCtl }: ClusterControl): Promise<boolean> {
  for (const mode of ["fast", "immediate"]) {
    try {
      await promisify(execFile)(pgCtl, ["stop", "-D", pgDir, "-m", mode, "-w", "-t", "30"]);
      return true;
    } catch {
      // Not stopped in this mode: the next one, then the signals below.
    }
  }
  return false;
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL: each given its time. */
export async function stopPostmaster(pid: number, control: ClusterControl): Promise<void> {
  if (process.platform === "win32" && (await stopThroughPgCtl(control)) && (await ended(pid, 5_000))) return;
  for (const [signal, ms] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await ended(pid, ms)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}

/** The server process that runs the cluster now, kept beside it so the next start can tell. */
export function claimCluster(ownerFile: string): void {
  writeFileSync(ownerFile, `${process.pid}\n`);
}

export function releaseCluster(ownerFile: string): void {
  if (readPid(ownerFile) === process.pid) rmSync(ownerFile, { force: true });
}

export async function clearLeftover(control: ClusterControl, ownerFile: string, log: LeftoverLog): Promise<void> {
  const { pgDir } = control;
  const owner = readPid(ownerFile);
  if (owner && owner !== process.pid && alive(owner) && (commandOf(owner) ?? "node").includes("node")) {
    throw new Error(
      `Another Balcão server (pid ${owner}) is running on this data directory; stop it first, or give this one its own DATA_DIR.`,
    );
  }
  const postmaster = readPid(`${pgDir}/postmaster.pid`);
  if (!postmaster || !alive(postmaster)) return;
  // A reused pid belongs to something else: PostgreSQL itself sees the file is stale.
  if (!(commandOf(postmaster) ?? "postgres").includes("postgres")) return;
  log.warn({ pid: postmaster }, "stopping the PostgreSQL an earlier server left running (it was killed)");
  await stopPostmaster(postmaster, control);
}
