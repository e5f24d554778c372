/** Serves the built web app at / with a fallback to index.html for client routes. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

export async function serveWeb(app: FastifyInstance, dist = defaultDist) {
  const hasWeb = existsSync(path.join(dist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: true, index: false, maxAge: "1h", immutable: false });
    // The static wildcard would take "/" as a directory listing (403): the root is the app itself.
    app.get("/", { config: { access: "public" }, schema: { hide: true } }, (_req, reply) =>
      reply.header("cache-control", "no-cache").sendFile("index.html", dist),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith("/api") || req.url.startsWith("/socket.io");
    // A missing hashed asset (an old tab after a rebuild) must fail loudly, not load index.html as script.
    const isAsset = req.url.startsWith("/assets/");
    if (!isApi && !isAsset && hasWeb && req.method === "GET") {
      return reply.header("cache-control", "no-cache").sendFile("index.html", dist);
    }
    return reply.status(404).send({ error: "ERR_NOT_FOUND" });
  });
}
