/**
 * `npm run db:upgrade`: the move of upgradeFromPglite by hand, the command its
 * failure message names. Run from the server's folder as `npm start` is, so
 * DATA_DIR (default ./data) means the same directory.
 *
 * The target is `--target <url>`, else DATABASE_URL.
 */
import { loadConfig } from "../../config.js";
import { UpgradeError, upgradeFromPglite } from "./pglite-upgrade.js";

function targetArgument(argv: string[]): string | undefined {
  const i = argv.indexOf("--target");
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function runUpgradeCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const targetUrl = targetArgument(argv) ?? config.DATABASE_URL;
  if (!targetUrl) {
    process.stderr.write(
      "db:upgrade needs the PostgreSQL to move the data into: set DATABASE_URL or pass --target <url>" +
        " (without DATABASE_URL, `npm start` moves it into its embedded database by itself).\n",
    );
    return 2;
  }
  const log = { info: (message: string) => process.stdout.write(`${message}\n`) };
  try {
    const result = await upgradeFromPglite({ dataDir: config.DATA_DIR, targetUrl, log });
    if (result.status === "none") log.info(`No PGlite database to move in ${config.DATA_DIR}: nothing to do.`);
    return 0;
  } catch (err) {
    if (!(err instanceof UpgradeError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}

process.exitCode = await runUpgradeCommand(process.argv.slice(2), process.env);
