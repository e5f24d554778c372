/**
 * Where Meta calls for a cloud connection: {host}/webhooks/whatsapp/{connectionId}.
 * GET is the subscription check (hub.challenge); POST carries messages and
 * statuses, signed with the app secret (X-Hub-Signature-256 over the raw
 * body). Nothing is stored unless the signature holds, and then it is stored
 * whether or not the Graph API answers (its media follows later when not);
 * the answer is 200 once every message of the delivery is committed and every
 * item it could not read is kept (inbound_rejections); a fault of ours (the
 * database) answers 5xx, and Meta retries.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { decryptSecret } from "../../secrets/index.js";
import { CloudDriver } from "./cloud-driver.js";

const params = z.object({ connectionId: z.string() });
const verification = z
  .object({
    "hub.mode": z.string().optional(),
    "hub.verify_token": z.string().optional(),
    "hub.challenge": z.string().optional(),
  })
  .loose();
const schema = { tags: ["webhooks"] };

/** Equal strings, in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signatureOf(body: Buffer, appSecret: string | KeyObject): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/**
 * The app secret as an HMAC key, decrypted once per connection row: a running driver's row lives as long as the
 * driver (a save restarts it with a new row), and decrypting it for every delivery cost more than the HMAC itself.
 */
const appSecrets = new WeakMap<object, KeyObject>();
function appSecretOf(row: { cloudAppSecret: string }): KeyObject {
  let key = appSecrets.get(row);
  if (!key) appSecrets.set(row, (key = createSecretKey(Buffer.from(decryptSecret(row.cloudAppSecret), "utf8"))));
  return key;
}

export function cloudWebhookRoutes(ctx: Context): FastifyPluginAsyncZod {
  /** The connection id of the path; 0 (no connection has it) for anything but digits. */
  const idOf = (rawId: string) => (/^\d{1,9}$/.test(rawId) ? Number(rawId) : 0);

  async function cloudConnection(id: number) {
    const [row] = id
      ? await ctx.db
          .select()
          .from(whatsapps)
          .where(and(eq(whatsapps.id, id), eq(whatsapps.provider, "cloud")))
      : [];
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }

  return async (app) => {
    // The signature covers the exact bytes Meta sent: keep them, parse after checking.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

    app.get(
      "/webhooks/whatsapp/:connectionId",
      { config: { access: "public" }, schema: { ...schema, params, querystring: verification } },
      async (req, reply) => {
        const row = await cloudConnection(idOf(req.params.connectionId));
        const q = req.query;
        const ok =
          q["hub.mode"] === "subscribe" &&
          row.cloudVerifyToken !== "" &&
          sameSecret(q["hub.verify_token"] ?? "", decryptSecret(row.cloudVerifyToken));
        if (!ok) throw new AppError("ERR_NO_PERMISSION");
        return reply.type("text/plain").send(q["hub.challenge"] ?? "");
      },
    );

    app.post(
      "/webhooks/whatsapp/:connectionId",
      // Meta reads nothing but the status: no browser ever renders this answer, so the browser-protection
      // headers (http/app.ts) are left off the hottest route, where setting them cost ~0.1 ms a delivery.
      { config: { access: "public" }, schema: { ...schema, params }, helmet: false },
      async (req, reply) => {
        // A running driver holds the connection as its last save left it (a save restarts the driver):
        // no read per delivery. Not running: read it, to answer 404 or check the signature.
        const id = idOf(req.params.connectionId);
        const running = ctx.channels.runningDriver(id);
        const row = running instanceof CloudDriver ? running.connection : await cloudConnection(id);
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers["x-hub-signature-256"];
        if (
          typeof signature !== "string" ||
          row.cloudAppSecret === "" ||
          !sameSecret(signature, signatureOf(body, appSecretOf(row)))
        ) {
          throw new AppError("ERR_INVALID_CREDENTIALS");
        }
        // Whatever the Graph API said about the connection: the app secret vouches for the delivery, and
        // what cannot be read of it is kept, never refused (Meta would deliver it again forever).
        await ctx.channels.cloudReceiver(row).receive(body.toString("utf8"));
        return reply.type("text/plain").send("EVENT_RECEIVED");
      },
    );
  };
}
