/**
 * /prompt (automation-areas §7 "Prompts"): administrators of a company whose
 * plan has useOpenAi (§6; 403 ERR_NO_PERMISSION otherwise). The queue and
 * connection dialogs read GET /prompt for their select, so they too are
 * refused without the plan flag: their web side then shows no select.
 */
import { idSchema, promptDeletedMessage, promptSaveSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { presentPrompt } from "./prompts.presenter.js";
import { createPrompt, deletePrompt, getPrompts, loadPrompt, updatePrompt } from "./prompts.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["prompts"];
const admin = { access: "admin", plan: "useOpenAi" } as const;

export function promptsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/prompt", { config: admin, schema: { tags } }, (req) => getPrompts(ctx, req.auth.companyId));
    app.get("/prompt/:id", { config: admin, schema: { tags, params: idParams } }, async (req) =>
      presentPrompt(await loadPrompt(ctx, req.auth.companyId, req.params.id)),
    );
    app.post("/prompt", { config: admin, schema: { tags, body: promptSaveSchema } }, (req) =>
      createPrompt(ctx, req.auth.companyId, req.body),
    );
    app.put("/prompt/:id", { config: admin, schema: { tags, params: idParams, body: promptSaveSchema } }, (req) =>
      updatePrompt(ctx, req.auth.companyId, req.params.id, req.body),
    );
    app.delete("/prompt/:id", { config: admin, schema: { tags, params: idParams } }, async (req) => {
      await deletePrompt(ctx, req.auth.companyId, req.params.id);
      return { message: promptDeletedMessage };
    });
  };
}
