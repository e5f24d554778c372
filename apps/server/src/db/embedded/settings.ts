/**
 * How the embedded PostgreSQL listens, and what it may use. Passed as `-c`
 * flags at every start (never written into postgresql.conf), so a new
 * release's values apply to an existing cluster and an operator's own
 * postgresql.auto.conf (ALTER SYSTEM) still wins where the flags are silent.
 *
 * Sized for the smallest machine we aim at, a 1 GB VPS running the server,
 * the database and the operating system together (DESIGN §3, issue 16):
 * - shared_buffers 64MB: PostgreSQL's own page cache (default 128MB). Reads
 *   beyond it come from the kernel's file cache, which gives memory back to
 *   the server when it needs it; shared buffers never do.
 * - max_connections 30: the server's pool (6: db/client.ts), pg-boss (4), the session
 *   lease (1), and room for `pg_dump`, `psql` and a second server during a
 *   restart. Each connection costs a process of a few MB.
 * - work_mem 4MB: per sort or hash, per query step; the ticket list's sorts
 *   fit, and 30 connections cannot together exhaust the machine.
 * - maintenance_work_mem 32MB: index builds in migrations and vacuum.
 * - effective_cache_size 256MB: what the planner may assume the kernel caches.
 * - max_wal_size 256MB / min_wal_size 32MB: a small disk footprint; checkpoints
 *   come a little more often under heavy ingest.
 * - max_parallel_workers_per_gather 0, max_worker_processes 4: one query,
 *   one process: parallel workers would multiply memory on 1-2 cores for
 *   queries this application answers from indexes.
 * - autovacuum_max_workers 2, jit off (no LLVM in these binaries), and no
 *   checkpoint log lines in the server's log.
 */
export const SMALL_MACHINE: Record<string, string> = {
  shared_buffers: "64MB",
  max_connections: "30",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  effective_cache_size: "256MB",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  max_parallel_workers_per_gather: "0",
  max_worker_processes: "4",
  autovacuum_max_workers: "2",
  jit: "off",
  log_checkpoints: "off",
  // The start-up waits for PostgreSQL's own "ready" line: always in English.
  lc_messages: "C",
};

/** The longest Unix socket path the kernel accepts (sockaddr_un.sun_path, 108 bytes with the final NUL). */
export const SOCKET_PATH_MAX = 107;

/** A Unix socket in the cluster's directory when its path fits; otherwise 127.0.0.1 at a free port. */
export type Listen = { socketDir: string; port: number } | { host: "127.0.0.1"; port: number };

/** The socket's file name PostgreSQL derives from the port (the port number only names it). */
const SOCKET_PORT = 5432;

export function socketFits(dir: string): boolean {
  return Buffer.byteLength(`${dir}/.s.PGSQL.${SOCKET_PORT}`) <= SOCKET_PATH_MAX;
}

export function socketListen(dir: string): Listen {
  return { socketDir: dir, port: SOCKET_PORT };
}

export function listenFlags(listen: Listen): Record<string, string> {
  return "socketDir" in listen
    ? {
        listen_addresses: "",
        unix_socket_directories: listen.socketDir,
        // Only the cluster's own user (and root) may connect through the socket.
        unix_socket_permissions: "0700",
        port: String(listen.port),
      }
    : { listen_addresses: listen.host, unix_socket_directories: "", port: String(listen.port) };
}

export function postgresArgs(dataDir: string, settings: Record<string, string>): string[] {
  return ["-D", dataDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

/** The connection string every part of the server uses: the pool, pg-boss, the session lease. */
export function connectionUrl(listen: Listen, password: string, database: string): string {
  const host = "socketDir" in listen ? encodeURIComponent(listen.socketDir) : listen.host;
  return `postgres://postgres:${encodeURIComponent(password)}@${host}:${listen.port}/${database}`;
}
