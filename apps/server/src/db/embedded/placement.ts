/**
 * Where the cluster of a data folder lives: `$DATA_DIR/pg`, unless the server
 * runs as root and the user `postgres` cannot enter DATA_DIR (under /root,
 * under a `mktemp -d`). Then the cluster lives in a folder of SYSTEM_HOME
 * (system-home.ts) and `$DATA_DIR/pg` is a symbolic link to it, so
 * `data/pg` still leads to it (pg_dump -h data/pg, ls) and nothing above
 * DATA_DIR is opened to anyone.
 *
 * Copies of a data folder: one made with the cluster itself (`cp -rL`, a
 * tarball with `-h`, a backup restored as root) has a real `pg` folder the
 * user cannot reach, which is moved into a new folder of SYSTEM_HOME at its
 * first start; one that kept the link (`cp -a`) would share the first
 * folder's database, so it is refused while that first folder still links
 * there. Each cluster's folder records its data folder (`data-dir`) to tell.
 * A `pg` an operator linked elsewhere himself is run where it leads.
 */
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { RunAs } from "./run-as.js";
import { canEnter, homeFolder, SYSTEM_HOME } from "./system-home.js";

export interface PlacementLog {
  info(obj: object, msg: string): void;
}

const CLUSTERS = path.join(SYSTEM_HOME, "clusters");
const OWNER_FILE = "data-dir";

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The real path of a file, or undefined when it (or what it links to) is gone. */
function realOrNone(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Where the data folder's `pg` leads when it is a link: a cluster of SYSTEM_HOME (refused when another data
 * folder still uses it) or an operator's own folder elsewhere; undefined when `pg` is no link.
 */
function linkedCluster(dataDir: string, log: PlacementLog): string | undefined {
  const pgDir = path.join(dataDir, "pg");
  if (!isLink(pgDir)) return undefined;
  const cluster = realOrNone(pgDir);
  if (!cluster) {
    throw new Error(
      `${pgDir} links to a database folder that is gone; restore that folder, or remove the link to start an empty database.`,
    );
  }
  if (path.dirname(path.dirname(cluster)) !== CLUSTERS) return cluster;
  const ownerFile = path.join(path.dirname(cluster), OWNER_FILE);
  const owner = readFileSync(ownerFile, "utf8").trim();
  const here = realpathSync(dataDir);
  if (owner === here) return cluster;
  if (realOrNone(path.join(owner, "pg")) === cluster) {
    throw new Error(
      `${pgDir} links to the database of another data folder, ${owner}, which still uses it: ` +
        `copy a data folder with its database (cp -rL), not its link, or give this server that DATA_DIR.`,
    );
  }
  // The data folder was moved or renamed (the first one no longer links here): the cluster follows it.
  writeFileSync(ownerFile, `${here}\n`);
  log.info({ dataDir: here, cluster }, "the embedded PostgreSQL cluster now belongs to this data folder (it moved)");
  return cluster;
}

/** Moves a folder, across file systems too (a copy, then the original removed). */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** The data folder's last path components, as many as fit in 32 characters: `root-balcao-apps-server-data`. */
function readableName(dataDir: string): string {
  const parts = dataDir
    .split(path.sep)
    .filter(Boolean)
    .map((part) => part.replace(/[^\w.-]/g, "_"));
  let name = (parts.pop() ?? "data").slice(0, 32);
  for (let part = parts.pop(); part && name.length + part.length < 32; part = parts.pop()) name = `${part}-${name}`;
  return name;
}

/** A new cluster folder in SYSTEM_HOME for the data folder, named after its path; `pg` (moved there when it existed) linked to it. */
function newClusterHome(dataDir: string, runAs: RunAs, log: PlacementLog): string {
  const here = realpathSync(dataDir);
  const home = mkdtempSync(path.join(homeFolder(runAs, "clusters"), `${readableName(here)}-`));
  chownSync(home, 0, runAs.gid);
  chmodSync(home, 0o750);
  writeFileSync(path.join(home, OWNER_FILE), `${here}\n`);
  const pgDir = path.join(dataDir, "pg");
  const cluster = path.join(home, "pg");
  if (existsSync(pgDir)) {
    move(pgDir, cluster);
    log.info(
      { from: pgDir, to: cluster },
      "moved the embedded PostgreSQL cluster where the user postgres can reach it",
    );
  } else {
    mkdirSync(cluster, { mode: 0o700 });
    chownSync(cluster, runAs.uid, runAs.gid);
  }
  symlinkSync(cluster, pgDir);
  return cluster;
}

/** The folder PostgreSQL runs the data folder's cluster in (see above); DATA_DIR must exist. */
export function placeCluster(dataDir: string, runAs: RunAs | undefined, log: PlacementLog): string {
  const pgDir = path.join(dataDir, "pg");
  if (!runAs) return pgDir;
  const linked = linkedCluster(dataDir, log);
  if (linked) return linked;
  if (canEnter(runAs, dataDir)) return pgDir;
  return newClusterHome(dataDir, runAs, log);
}
