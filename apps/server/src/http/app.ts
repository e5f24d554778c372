/** The Fastify app factory, used by main.ts and by every server test. */
import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { APP_VERSION, mediaLimits } from "@balcao/contracts";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Context } from "../context.js";
import { registerAccessGuard, type Access } from "./access.js";
import { errorHandler } from "./errors.js";
import { registerInputGuard } from "./input-guard.js";
import { lingerOnClose } from "./lingering-close.js";
import { registerModules } from "./modules.js";
import { serveWeb } from "./web.js";
import { contactTemplateRoute } from "../modules/contacts/contact-template.js";
import { paymentPasses } from "../modules/billing/payment-pass.js";

export const API_PREFIX = "/api";

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** What the route validates (zod schemas), for the walks that send it bad input. */
  schema: FastifySchema | undefined;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route of an app built by buildApp, with the access it declares (DESIGN §2 "Structural tenancy"). */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  return [...(routeTables.get(app) ?? [])];
}

export async function buildApp(ctx: Context): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: 1024 * 1024,
    // The spec's client calls some lists with a trailing slash (GET /users/, /announcements/, /chats/).
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-For is believed only from a proxy on this host or a private
    // network; a client talking to us directly cannot pick its own address (and
    // so escape the login rate limit) by sending the header.
    trustProxy: "loopback, linklocal, uniquelocal",
    // Fastify's own refusals before routing (a malformed %-escape in the path…) answer a catalogue code too.
    frameworkErrors: (err, req, reply) => void errorHandler(err, req, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerInputGuard(app);
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https://i.ytimg.com"],
        mediaSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, error: "ERR_TOO_MANY_REQUESTS" }),
  });
  // Routes read forms through uploads.ts with their own limits; these only bound a form read otherwise.
  await app.register(multipart, {
    limits: {
      fileSize: mediaLimits.fileMaxBytes,
      files: mediaLimits.messageFilesMax,
      parts: mediaLimits.formPartsMax,
      fieldSize: mediaLimits.formFieldMaxBytes,
    },
  });
  // An answer given before the body was read (a refused upload) ends the connection: the rest is never stored.
  app.addHook("onSend", async (req, reply) => {
    if (req.raw.complete) return;
    reply.header("connection", "close");
    lingerOnClose(req.raw);
  });
  await app.register(swagger, {
    openapi: { info: { title: "Balcão API", version: APP_VERSION }, servers: [{ url: API_PREFIX }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: "list" } });

  await app.register(
    async (api) => {
      // Inside the API scope only: static files and the docs UI are not API routes.
      registerAccessGuard(api, ctx.sessions, ctx.db, paymentPasses(ctx));
      api.get("/health", { config: { access: "public" }, schema: { hide: true } }, async () => ({
        status: "ok",
        version: APP_VERSION,
        database: ctx.database.kind,
      }));
      await registerModules(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  // Files of the web host the server makes (not the built app): the contact import template.
  await app.register(contactTemplateRoute);
  await serveWeb(app, ctx.config.WEB_DIST);
  ctx.realtime.attach(app.server);
  app.addHook("onClose", async () => {
    await ctx.realtime.close();
  });
  return app;
}
