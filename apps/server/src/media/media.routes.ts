/** GET /public/{mediaPath}: media only for signed-in users of the owning company (DESIGN §4). */
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.js";
import { AppError } from "../http/errors.js";

const contentTypes: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".mp4": "video/mp4",
  ".pdf": "application/pdf",
};

/** A company file as the answer (the caller has checked who may read it); also the integrations' media links. */
export async function replyWithMedia(ctx: Context, reply: FastifyReply, mediaPath: string) {
  const file = await ctx.media.open(mediaPath);
  return reply
    .header("content-type", contentTypes[file.ext] ?? "application/octet-stream")
    .header("content-length", file.size)
    .header("cache-control", "private, max-age=3600")
    .header("x-content-type-options", "nosniff")
    .send(file.stream);
}

export function mediaRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/public/*",
      { config: { access: "user" }, schema: { hide: true, params: z.object({ "*": z.string().max(300) }) } },
      async (req, reply) => {
        const mediaPath = req.params["*"];
        // Another company's file answers 404, as if it did not exist.
        if (!ctx.media.mayRead(mediaPath, req.auth.companyId)) throw new AppError("ERR_NOT_FOUND");
        return replyWithMedia(ctx, reply, mediaPath);
      },
    );
  };
}
