/**
 * Where a server running as root keeps what the user `postgres` must reach
 * when the clone or DATA_DIR lies under a folder only root may enter
 * (/root is 0700, and so is every `mktemp -d`): PostgreSQL refuses to run as
 * root, and `postgres` cannot search such a folder. Rather than opening that
 * folder (a chmod or an ACL on /root), the server keeps a copy of the
 * binaries and the cluster itself in one folder of its own, SYSTEM_HOME,
 * which only root and the group `postgres` may enter:
 *
 *   /var/lib/balcao/                       root:postgres 0750
 *     postgresql-<version>-<platform>/     root, the platform package's `native` folder
 *     clusters/<name>/                     root:postgres 0750, one per data folder
 *       pg/                                postgres 0700, the cluster ($DATA_DIR/pg links here)
 *       data-dir                           the data folder that links here
 */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { RunAs } from "./run-as.js";

export const SYSTEM_HOME = "/var/lib/balcao";

/** A folder of SYSTEM_HOME (SYSTEM_HOME itself without `parts`), made when missing: root's, entered by postgres' group. */
export function homeFolder(runAs: RunAs, ...parts: string[]): string {
  let dir = SYSTEM_HOME;
  for (const part of ["", ...parts]) {
    dir = path.join(dir, part);
    mkdirSync(dir, { recursive: true });
    chownSync(dir, 0, runAs.gid);
    chmodSync(dir, 0o750);
  }
  return dir;
}

/** True when the cluster's user can run this program (every folder above it searchable, its libraries found). */
export function canRun(runAs: RunAs, program: string): boolean {
  return spawnSync(program, ["--version"], { ...runAs, cwd: "/", stdio: "ignore" }).status === 0;
}

/** True when the cluster's user can enter this folder (its mode bits, groups and any ACL all counted). */
export function canEnter(runAs: RunAs, dir: string): boolean {
  return spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { ...runAs, cwd: "/", stdio: "ignore" }).status === 0;
}
