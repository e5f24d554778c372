/**
 * Builds the server to plain JavaScript for `npm start` (apps/server/dist/main.js), so the
 * running server is node alone: compiling TypeScript at run time (tsx) held about 190 MB
 * where the built server holds a fraction of it (bench/README: the memory table).
 *
 *   node apps/server/build.mjs [entry.ts outfile.js]
 *
 * Plain JavaScript on purpose: it runs before anything is built, with no TypeScript runner.
 * The e2e harness builds its own entry (the server with a scripted WhatsApp Web) with it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Our own code (the server, @balcao/contracts, which ships TypeScript) goes into the bundle;
 * every installed package stays an import of node_modules, loaded as it always is (native
 * parts, WASM files and workers found beside their own files).
 */
/** @type {import("esbuild").Plugin} */
const packagesStayInstalled = {
  name: "packages-stay-installed",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@balcao/") || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module that finds files beside itself (the SQL migrations, the built web app) keeps
 * finding them beside its source: `import.meta.url` is rewritten to the source file's URL,
 * taken relative to the bundle so a moved checkout still works.
 * @param {string} outfile
 * @returns {import("esbuild").Plugin}
 */
function sourceLocations(outfile) {
  return {
    name: "source-locations",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const code = await readFile(args.path, "utf8");
        if (!code.includes("import.meta.url")) return undefined;
        const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join("/");
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: code.replaceAll("import.meta.url", url), loader: "ts", resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * Builds `entry` to `outfile` and, beside it, the `npm run db:upgrade` command (db-upgrade.js),
 * which the server runs in a child process when it finds an earlier build's data.
 * @param {string} entry
 * @param {string} outfile
 */
export async function buildServer(entry, outfile) {
  await build({
    entryPoints: {
      [path.basename(outfile, ".js")]: entry,
      "db-upgrade": path.join(serverDir, "src/db/upgrade/cli.ts"),
    },
    outdir: path.dirname(outfile),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Readable stack traces without a source map: names and lines as written.
    minify: false,
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [packagesStayInstalled, sourceLocations(outfile)],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [entry, outfile] = process.argv.slice(2);
  await buildServer(
    path.resolve(entry ?? path.join(serverDir, "src/main.ts")),
    path.resolve(outfile ?? path.join(serverDir, "dist/main.js")),
  );
}
