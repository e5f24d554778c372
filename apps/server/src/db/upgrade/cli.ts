/**
 * `npm run db:upgrade`: the move of upgradeFromPglite, the command a failed
 * move's message names, and what `npm start` runs in a child process
 * (in-child.ts). Run from the server's folder as `npm start` is, so DATA_DIR
 * (default ./data) means the same directory.
 *
 * The target is `--target <url>`, else DATABASE_URL, else the embedded
 * database under DATA_DIR/pg, as `npm start` opens it (refused while a
 * server runs on it).
 */
import { loadConfig } from "../../config.js";
import { openDatabase } from "../client.js";
import { hasPgliteData } from "./at-start.js";
import { UpgradeError, upgradeFromPglite, type UpgradeLog, type UpgradeResult } from "./pglite-upgrade.js";

function targetArgument(argv: string[]): string | undefined {
  const i = argv.indexOf("--target");
  return i >= 0 ? argv[i + 1] : undefined;
}

async function intoEmbedded(dataDir: string, log: UpgradeLog): Promise<UpgradeResult> {
  // No cluster is made for nothing to move.
  if (!hasPgliteData(dataDir)) return { status: "none" };
  const say = (_: object, message: string) => log.info(message);
  const database = await openDatabase({ dataDir, log: { info: say, warn: say } }).catch((err: unknown) => {
    throw new UpgradeError(`The embedded database could not be opened: ${(err as Error).message}`);
  });
  try {
    return await upgradeFromPglite({ dataDir, targetUrl: database.url, log });
  } finally {
    await database.close();
  }
}

export async function runUpgradeCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const targetUrl = targetArgument(argv) ?? config.DATABASE_URL;
  const log = { info: (message: string) => process.stdout.write(`${message}\n`) };
  try {
    const result = targetUrl
      ? await upgradeFromPglite({ dataDir: config.DATA_DIR, targetUrl, log })
      : await intoEmbedded(config.DATA_DIR, log);
    if (result.status === "none") log.info(`No PGlite database to move in ${config.DATA_DIR}: nothing to do.`);
    return 0;
  } catch (err) {
    if (!(err instanceof UpgradeError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}

process.exitCode = await runUpgradeCommand(process.argv.slice(2), process.env);
