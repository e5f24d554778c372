/**
 * POST {host}/api/messages/send (business-areas §7): {host} is the API base
 * (PUBLIC_URL + /api), so the spec's client calls /api/api/messages/send; the
 * same handler also answers /api/messages/send, the one URL the README and the
 * Messages API page show (issue 30 item 6). A static segment wins over POST /messages/:ticketId in
 * Fastify's router, so "send" is never taken for a ticket id.
 *
 * Public as far as the session guard goes: the connection's token is the
 * credential (api-token.ts). Rate-limited per token (per address without one),
 * and wrong tokens per client address.
 */
import { createHash } from "node:crypto";
import { externalApiRateLimit, externalMessageSchema } from "@balcao/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Context } from "../../context.js";
import { bearerToken } from "../../http/access.js";
import { uploadOf, type UploadForm } from "../../http/uploads.js";
import { messageFormOf, messageUploads } from "../messages/send-agent-message.js";
import { tokenGuard } from "./api-token.js";
import { senderOf, sendExternalMessage, type ExternalSend } from "./external-api.service.js";

const numberOnly = externalMessageSchema.pick({ number: true });

/** Multipart number, body (the file's name) and medias; a form without a file is a text. */
function sendOf(upload: UploadForm): ExternalSend {
  const form = messageFormOf(upload);
  const fields = { number: form.fields.number, body: form.bodies[0] };
  if (form.files.length === 0) return { kind: "text", message: externalMessageSchema.parse(fields) };
  return { kind: "files", number: numberOnly.parse(fields).number, form, upload };
}

/** The limit's key: a digest of the token (the raw token never sits in the limiter's store). */
function limitKey(req: FastifyRequest): string {
  const token = bearerToken(req);
  return token ? `api:${createHash("sha256").update(token).digest("hex")}` : `ip:${req.ip}`;
}

export function externalApiRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    const options = {
      config: {
        access: "public" as const,
        rateLimit: { max: externalApiRateLimit, timeWindow: "1 minute", keyGenerator: limitKey },
      },
      schema: { tags: ["external-api"] },
    };
    const connectionOf = tokenGuard(app, ctx);
    // JSON {number, body}, or a form read only once the token, company and connection take it.
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const connection = await connectionOf(req, reply);
      const driver = await senderOf(ctx, connection);
      if (!req.isMultipart()) {
        const message = externalMessageSchema.parse(req.body ?? {});
        return sendExternalMessage(ctx, connection, driver, { kind: "text", message });
      }
      const upload = uploadOf(req, ctx, messageUploads, {
        key: `api:${connection.id}`,
        companyId: connection.companyId,
      });
      return upload((form) => sendExternalMessage(ctx, connection, driver, sendOf(form)));
    };
    app.post("/api/messages/send", options, handler);
    app.post("/messages/send", options, handler);
  };
}
