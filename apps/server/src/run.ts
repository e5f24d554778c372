/**
 * Runs the server until SIGINT/SIGTERM: `npm start` (main.ts) and the e2e
 * harness, which hands in its scripted WhatsApp Web, both start it here.
 */
import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "./config.js";
import { createServer, type ServerOptions } from "./server.js";

export async function runServer(options: ServerOptions = {}): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config, undefined, options);
  const { app, seeded } = server;

  if (seeded.created) {
    const password = seeded.generatedPassword ?? "(ADMIN_PASSWORD)";
    // Printed once, on first start only: the operator's way in.
    process.stdout.write(
      `\n  Super admin created\n  email:    ${seeded.adminEmail}\n  password: ${password}\n  Change it after the first login.\n\n`,
    );
  }

  await app.listen({ port: config.PORT, host: config.HOST });

  stopOnSignals(() => server.close(), app.log);
}

/**
 * Graceful shutdown (DESIGN §3): server.close() stops HTTP and Socket.IO,
 * then the WhatsApp sessions, then the jobs, and the database last (the
 * embedded one included). It may take SHUTDOWN_TIMEOUT_MS at most; past
 * that the process exits, and the embedded PostgreSQL is still told to stop
 * (its exit hook in db/embedded/cluster.ts). A repeated signal changes
 * nothing: a Ctrl+C reaches the server both from the terminal and relayed
 * by the npm and tsx wrappers of `npm start`.
 */
export const SHUTDOWN_TIMEOUT_MS = 20_000;

function stopOnSignals(close: () => Promise<void>, log: FastifyBaseLogger): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, "shutting down");
      const timer = setTimeout(() => {
        log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, "shutdown took too long: exiting");
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      close().then(
        () => {
          clearTimeout(timer);
          log.info("stopped");
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
