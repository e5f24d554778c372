/**
 * The embedded default's lifecycle with a real server process (issue 16 item
 * 3): first start makes the cluster; SIGTERM stops everything in order; a
 * SIGKILL of the server alone, or of its whole process group, leaves
 * PostgreSQL running and the next start takes over; a kill of everything
 * (the server and every PostgreSQL process, as an OOM killer or a power cut
 * would) is followed by PostgreSQL's crash recovery. After each, an admin
 * signs in and finds the tag made before.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin, type ProcessSession } from "../../../test/process-api.js";
import { startServerProcess, type ServerProcess } from "../../../test/server-process.js";

const PASSWORD = "Lifecycle123";
const dir = mkdtempSync(path.join(tmpdir(), "balcao-lifecycle-"));
// As root the cluster runs as the user "postgres", which must reach DATA_DIR.
chmodSync(dir, 0o755);
const dataDir = path.join(dir, "data");
const logFile = path.join(dir, "server.log");
const pidFile = path.join(dataDir, "pg", "postmaster.pid");

let server: ServerProcess | undefined;
const timings: Record<string, number> = {};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = () => Number(readFileSync(pidFile, "utf8").split("\n")[0]);

async function start(label: string): Promise<ServerProcess> {
  server = await startServerProcess(dataDir, logFile, PASSWORD);
  timings[label] = server.startedInMs;
  return server;
}

const signIn = (s: ServerProcess) => signInAdmin(s, PASSWORD);

async function tagNames(admin: ProcessSession): Promise<string[]> {
  const res = await admin.call<{ name: string }[]>("GET", "/tags/list");
  expect(res.status).toBe(200);
  return res.json.map((t) => t.name);
}

async function waitGone(pid: number, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

beforeAll(async () => {
  const s = await start("first start (new cluster)");
  const admin = await signIn(s);
  const res = await admin.call("POST", "/tags", { name: "Kept across kills", color: "#123456" });
  expect(res.status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (server && alive(server.pid)) {
    process.kill(server.pid, "SIGTERM");
    await server.exited;
  }
  process.stdout.write(`embedded lifecycle, ms to /api/health: ${JSON.stringify(timings)}\n`);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("the embedded PostgreSQL across stops and kills", () => {
  it("SIGTERM stops the server and then its database, and the next start serves the same data", async () => {
    const s = server!;
    const postmaster = postmasterPid();
    process.kill(s.pid, "SIGTERM");
    expect(await s.exited).toBe(0);
    expect(alive(postmaster)).toBe(false);
    // A clean stop leaves no lock file: PostgreSQL removed it itself.
    expect(existsSync(pidFile)).toBe(false);
    const log = readFileSync(logFile, "utf8");
    expect(log.indexOf('"msg":"shutting down"')).toBeLessThan(log.lastIndexOf('"msg":"stopped"'));
    // An operator reading the log of a clean stop finds no error in it.
    const stopping = log.slice(log.lastIndexOf('"msg":"shutting down"'));
    expect(stopping.split("\n").filter((line) => /"level":(50|60)/.test(line))).toEqual([]);

    const again = await start("restart after SIGTERM");
    expect(await tagNames(await signIn(again))).toContain("Kept across kills");
  }, 120_000);

  it("a second server on the same data directory is refused and leaves the running one serving", async () => {
    const s = server!;
    const postmaster = postmasterPid();
    await expect(startServerProcess(dataDir, logFile, PASSWORD)).rejects.toThrow(
      new RegExp(`Another Balcão server \\(pid ${s.pid}\\) is running on this data directory`),
    );
    expect(postmasterPid()).toBe(postmaster);
    expect(await tagNames(await signIn(s))).toContain("Kept across kills");
  }, 120_000);

  it("a SIGKILL of the server alone leaves PostgreSQL running; the next start stops it and serves", async () => {
    const s = server!;
    const leftover = postmasterPid();
    process.kill(s.pid, "SIGKILL");
    await s.exited;
    expect(alive(leftover)).toBe(true);

    const again = await start("restart after SIGKILL of the server");
    expect(alive(leftover)).toBe(false);
    expect(postmasterPid()).not.toBe(leftover);
    expect(await tagNames(await signIn(again))).toContain("Kept across kills");
  }, 120_000);

  it("a SIGKILL of the server's whole process group: the next start serves", async () => {
    const s = server!;
    const leftover = postmasterPid();
    process.kill(-s.pid, "SIGKILL");
    await s.exited;

    const again = await start("restart after SIGKILL of the process group");
    expect(alive(leftover)).toBe(false);
    expect(await tagNames(await signIn(again))).toContain("Kept across kills");
  }, 120_000);

  it("a SIGKILL of the server and every PostgreSQL process: crash recovery, and the data is there", async () => {
    const s = server!;
    const postmaster = postmasterPid();
    process.kill(-s.pid, "SIGKILL");
    // The postmaster leads its own session and process group: its backends and workers with it.
    process.kill(-postmaster, "SIGKILL");
    await s.exited;
    expect(await waitGone(postmaster)).toBe(true);
    expect(existsSync(pidFile)).toBe(true);

    const again = await start("restart after killing everything (crash recovery)");
    expect(await tagNames(await signIn(again))).toContain("Kept across kills");
    expect(readFileSync(logFile, "utf8")).toContain("automatic recovery in progress");
  }, 120_000);
});
