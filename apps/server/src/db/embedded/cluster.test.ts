/**
 * The embedded cluster as the server starts it: where it listens, who can
 * read its password, what it is sized for, and the library links npm may
 * not have made.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { restoreLinks } from "./binaries.js";
import { startCluster, type EmbeddedCluster } from "./cluster.js";
import { SOCKET_PATH_MAX, socketFits } from "./settings.js";

const dirs: string[] = [];
const clusters: EmbeddedCluster[] = [];
const log = { info: () => undefined, warn: () => undefined };

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-cluster-"));
  // As root the cluster runs as the user "postgres", which must reach it.
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** The rows of the statement (of the last one, for several). */
async function query<T>(url: string, sql: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = (await client.query(sql, values)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(results) ? results.at(-1)! : results).rows as T[];
  } finally {
    await client.end();
  }
}

async function settingsOf(url: string, names: string[]): Promise<Record<string, string>> {
  const rows = await query<{ name: string; setting: string }>(
    url,
    "select name, current_setting(name) as setting from unnest($1::text[]) as name",
    [names],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

afterAll(async () => {
  for (const cluster of clusters) await cluster.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded cluster", () => {
  it("listens only on a Unix socket in its directory, with a password only the server's user can read", async () => {
    const dataDir = path.join(tempDir(), "data");
    const cluster = await startCluster({ dataDir, log });
    clusters.push(cluster);
    expect(new URL(cluster.url).hostname).toBe(encodeURIComponent(path.join(dataDir, "pg")));
    expect(await settingsOf(cluster.url, ["listen_addresses", "shared_buffers", "max_connections"])).toEqual({
      listen_addresses: "",
      shared_buffers: "64MB",
      max_connections: "30",
    });
    expect(statSync(path.join(dataDir, "pg-password")).mode & 0o777).toBe(0o600);

    // A wrong password is refused: the socket is not open to anyone who finds it.
    const wrong = new URL(cluster.url);
    wrong.password = "not-the-password";
    await expect(settingsOf(wrong.toString(), ["port"])).rejects.toThrow(/password authentication failed/);
  });

  it("listens on 127.0.0.1 at a free port when its socket's path would pass the kernel's limit", async () => {
    const dataDir = path.join(tempDir(), "d".repeat(SOCKET_PATH_MAX - 30), "data");
    expect(socketFits(path.join(dataDir, "pg"))).toBe(false);
    const cluster = await startCluster({ dataDir, log });
    clusters.push(cluster);
    const url = new URL(cluster.url);
    expect(url.hostname).toBe("127.0.0.1");
    expect(await settingsOf(cluster.url, ["listen_addresses", "port"])).toEqual({
      listen_addresses: "127.0.0.1",
      port: url.port,
    });
  });

  // Only root's copy belongs to another user than the cluster's (as an ordinary user, both are that user).
  it.runIf(process.getuid?.() === 0)(
    "starts on a copy root made of its data directory (cp -r), with its data",
    async () => {
      const original = path.join(tempDir(), "data");
      const first = await startCluster({ dataDir: original, log });
      await query(first.url, "create table kept (note text); insert into kept values ('made before the copy')");
      await first.stop();
      const copy = path.join(tempDir(), "copy");
      cpSync(original, copy, { recursive: true });
      expect(statSync(path.join(copy, "pg")).uid).toBe(0);

      const cluster = await startCluster({ dataDir: copy, log });
      clusters.push(cluster);
      expect(await query(cluster.url, "select note from kept")).toEqual([{ note: "made before the copy" }]);
    },
  );
});

describe("the PostgreSQL package's library links", () => {
  it("are made when npm skipped the package's post-install step, relative to their directory, and only once", () => {
    const root = tempDir();
    mkdirSync(path.join(root, "native", "lib"), { recursive: true });
    writeFileSync(path.join(root, "native", "lib", "libpq.so.5.18"), "");
    writeFileSync(
      path.join(root, "native", "pg-symlinks.json"),
      JSON.stringify([
        { source: "native/lib/libpq.so.5.18", target: "native/lib/libpq.so.5" },
        { source: "native/lib/libpq.so.5.18", target: "native/lib/libpq.so" },
      ]),
    );
    expect(restoreLinks(root)).toBe(2);
    expect(readlinkSync(path.join(root, "native", "lib", "libpq.so.5"))).toBe("libpq.so.5.18");
    expect(statSync(path.join(root, "native", "lib", "libpq.so")).isFile()).toBe(true);
    expect(restoreLinks(root)).toBe(0);
  });
});
