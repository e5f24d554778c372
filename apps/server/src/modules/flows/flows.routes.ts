/**
 * /flowbuilder (automation-areas §7 "Flows" and "Flow media"; issue 18): every route for the
 * company's administrators only (§6; 403 ERR_NO_PERMISSION otherwise). PUT carries the flow's id
 * in the body, as the spec's client sends it. The run simulator (POST /flowbuilder/{id}/simulate)
 * lives with the runtime (automation/flows/).
 */
import { flowCreateSchema, flowListQuerySchema, flowUpdateSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { flowMediaCaps, flowUploadLimits, uploadFlowContent, uploadFlowMedia } from "./flow-media.js";
import {
  createFlow,
  deleteFlow,
  duplicateFlow,
  getFlows,
  saveFlowGraph,
  showFlow,
  updateFlow,
} from "./flows.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["flows"];
const admin = { access: "admin" } as const;

/** The graph's nodes and connections are checked one by one in flow-graph.ts, so a fault names its node. */
const saveBody = z.object({
  idFlow: idSchema,
  nodes: z.array(z.unknown()).max(1000),
  connections: z.array(z.unknown()).max(3000),
});
/** A drawn flow with long texts outgrows the default 1 MB body. */
const graphBodyLimit = 8 * 1024 * 1024;

const uploads = {
  img: flowUploadLimits(flowMediaCaps.img, false),
  audio: flowUploadLimits(flowMediaCaps.audio, false),
  content: flowUploadLimits(flowMediaCaps.content, true),
};

export function flowsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/flowbuilder", { config: admin, schema: { tags, querystring: flowListQuerySchema } }, (req) =>
      getFlows(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );
    app.post("/flowbuilder", { config: admin, schema: { tags, body: flowCreateSchema } }, (req) =>
      createFlow(ctx, req.auth.companyId, req.body),
    );
    app.put("/flowbuilder", { config: admin, schema: { tags, body: flowUpdateSchema } }, (req) =>
      updateFlow(ctx, req.auth.companyId, req.body),
    );
    app.delete("/flowbuilder/:id", { config: admin, schema: { tags, params: idParams } }, async (req) => {
      await deleteFlow(ctx, req.auth.companyId, req.params.id);
      return { flowId: req.params.id };
    });
    app.post(
      "/flowbuilder/duplicate",
      { config: admin, schema: { tags, body: z.object({ flowId: idSchema }) } },
      (req) => duplicateFlow(ctx, req.auth.companyId, req.body.flowId),
    );
    app.get("/flowbuilder/flow/:id", { config: admin, schema: { tags, params: idParams } }, (req) =>
      showFlow(ctx, req.auth.companyId, req.params.id),
    );
    app.post(
      "/flowbuilder/flow",
      { config: admin, bodyLimit: graphBodyLimit, schema: { tags, body: saveBody } },
      (req) => saveFlowGraph(ctx, req.auth.companyId, req.body),
    );
    app.post("/flowbuilder/img", { config: admin, schema: { tags } }, (req) =>
      uploadFlowMedia(ctx, req.auth.companyId, flowMediaCaps.img, uploadOf(req, ctx, uploads.img)),
    );
    app.post("/flowbuilder/audio", { config: admin, schema: { tags } }, (req) =>
      uploadFlowMedia(ctx, req.auth.companyId, flowMediaCaps.audio, uploadOf(req, ctx, uploads.audio)),
    );
    app.post("/flowbuilder/content", { config: admin, schema: { tags } }, (req) =>
      uploadFlowContent(ctx, req.auth.companyId, uploadOf(req, ctx, uploads.content)),
    );
  };
}
