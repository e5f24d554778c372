/**
 * The memory of a whole process tree as the operator's machine pays for it: `npm start`,
 * the shell npm runs the script in, node, and any child (an embedded PostgreSQL's
 * postmaster and backends). PSS (proportional set size, Linux /proc/<pid>/smaps_rollup)
 * and not RSS: the pages node shares between npm and the server, or postgres between its
 * backends, count once across the tree instead of once per process.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessMemory {
  pid: number;
  command: string;
  pssMb: number;
}

export interface TreeMemory {
  pssMb: number;
  processes: ProcessMemory[];
}

/** /proc/<pid>/stat's fields after the command name (in parentheses, it may hold spaces). */
function statOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return undefined; // it ended meanwhile
  }
}

function parentOf(pid: number): number | undefined {
  const fields = statOf(pid);
  return fields && Number(fields[1]);
}

/**
 * CPU time (user and system, in ms) used so far by the tree's live processes and the children
 * they waited for; clock ticks taken as 1/100 s.
 */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of treePids(root)) {
    const f = statOf(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks * 10;
}

/** The root and every descendant alive now. */
export function treePids(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? NaN);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return Number.isNaN(kb) ? undefined : { pid, command, pssMb: kb / 1024 };
  } catch {
    return undefined; // it ended meanwhile
  }
}

export function treeMemory(root: number): TreeMemory {
  const processes = treePids(root)
    .map(processMemory)
    .filter((p): p is ProcessMemory => p !== undefined);
  return { pssMb: processes.reduce((sum, p) => sum + p.pssMb, 0), processes };
}

/** Samples the tree until stopped; gives the sample with the most memory. */
export function watchPeak(root: number, everyMs = 100): { stop(): TreeMemory } {
  let peak = treeMemory(root);
  const timer = setInterval(() => {
    const now = treeMemory(root);
    if (now.pssMb > peak.pssMb) peak = now;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export function describeTree(tree: TreeMemory): string {
  return tree.processes
    .map((p) => `    ${p.pssMb.toFixed(1).padStart(7)} MB  ${p.pid}  ${p.command.slice(0, 90)}`)
    .join("\n");
}
