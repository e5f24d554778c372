/**
 * Runs the server until SIGINT/SIGTERM: `npm start` (main.ts) and the e2e
 * harness, which hands in its scripted WhatsApp Web, both start it here.
 */
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

  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, "shutting down");
      server.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
