/**
 * /queue and /queue-options (business-areas §7). Anyone signed in reads the
 * queues (the user and new-ticket modals list them); only admins change them.
 */
import {
  queueOptionCreateSchema,
  queueOptionListQuerySchema,
  queueOptionUpdateSchema,
  queueSaveSchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { createQueueOption, deleteQueueOption, listQueueOptions, updateQueueOption } from "./queue-options.service.js";
import { presentQueue } from "./queues.presenter.js";
import { createQueue, deleteQueue, getQueues, loadQueue, updateQueue } from "./queues.service.js";

const idParams = z.object({ id: idSchema });
// The client may send companyId; the company always comes from the token.
const listQuery = z.object({ companyId: z.unknown().optional() }).loose();

function queueRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["queues"];
    app.get("/queue", { config: { access: "user" }, schema: { tags, querystring: listQuery } }, (req) =>
      getQueues(ctx, req.auth.companyId),
    );
    app.get("/queue/:id", { config: { access: "user" }, schema: { tags, params: idParams } }, async (req) =>
      presentQueue(await loadQueue(ctx, req.auth.companyId, req.params.id)),
    );
    app.post("/queue", { config: { access: "admin" }, schema: { tags, body: queueSaveSchema } }, (req) =>
      createQueue(ctx, req.auth.companyId, req.body),
    );
    app.put(
      "/queue/:id",
      { config: { access: "admin" }, schema: { tags, params: idParams, body: queueSaveSchema } },
      (req) => updateQueue(ctx, req.auth.companyId, req.params.id, req.body),
    );
    app.delete("/queue/:id", { config: { access: "admin" }, schema: { tags, params: idParams } }, async (req) => {
      await deleteQueue(ctx, req.auth, req.params.id);
      return { message: "Queue deleted" };
    });
  };
}

function queueOptionRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["queue-options"];
    app.get(
      "/queue-options",
      { config: { access: "user" }, schema: { tags, querystring: queueOptionListQuerySchema } },
      (req) => listQueueOptions(ctx, req.auth.companyId, req.query.queueId, req.query.parentId),
    );
    app.post(
      "/queue-options",
      { config: { access: "admin" }, schema: { tags, body: queueOptionCreateSchema } },
      (req) => createQueueOption(ctx, req.auth.companyId, req.body),
    );
    app.put(
      "/queue-options/:id",
      { config: { access: "admin" }, schema: { tags, params: idParams, body: queueOptionUpdateSchema } },
      (req) => updateQueueOption(ctx, req.auth.companyId, req.params.id, req.body),
    );
    app.delete(
      "/queue-options/:id",
      { config: { access: "admin" }, schema: { tags, params: idParams } },
      async (req) => {
        await deleteQueueOption(ctx, req.auth.companyId, req.params.id);
        return { message: "Option deleted" };
      },
    );
  };
}

export function queuesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(queueRoutes(ctx));
    await app.register(queueOptionRoutes(ctx));
  };
}
