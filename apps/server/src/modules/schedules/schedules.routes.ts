/**
 * /schedules (business-areas §7 "Schedules"): every signed-in user of the
 * company lists, reads, creates, edits and deletes the company's schedules.
 */
import { idSchema, scheduleListQuerySchema, scheduleSaveSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { removeScheduleMedia, scheduleUploads, uploadScheduleMedia } from "./schedule-media.js";
import { presentSchedule } from "./schedules.presenter.js";
import {
  createSchedule,
  deleteSchedule,
  listSchedulesPage,
  loadSchedule,
  updateSchedule,
} from "./schedules.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["schedules"];
const user = { access: "user" } as const;

export function schedulesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/schedules", { config: user, schema: { tags, querystring: scheduleListQuerySchema } }, (req) =>
      listSchedulesPage(ctx, req.auth, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/schedules/:id", { config: user, schema: { tags, params: idParams } }, async (req) =>
      presentSchedule(await loadSchedule(ctx, req.auth, req.params.id)),
    );
    app.post("/schedules", { config: user, schema: { tags, body: scheduleSaveSchema } }, (req) =>
      createSchedule(ctx, req.auth, req.body),
    );
    app.put("/schedules/:id", { config: user, schema: { tags, params: idParams, body: scheduleSaveSchema } }, (req) =>
      updateSchedule(ctx, req.auth, req.params.id, req.body),
    );
    app.delete("/schedules/:id", { config: user, schema: { tags, params: idParams } }, async (req) => {
      await deleteSchedule(ctx, req.auth, req.params.id);
      return { message: "Schedule deleted" };
    });
    app.post("/schedules/:id/media-upload", { config: user, schema: { tags, params: idParams } }, (req) =>
      uploadScheduleMedia(ctx, req.auth, req.params.id, uploadOf(req, ctx, scheduleUploads)),
    );
    app.delete("/schedules/:id/media-upload", { config: user, schema: { tags, params: idParams } }, (req) =>
      removeScheduleMedia(ctx, req.auth, req.params.id),
    );
  };
}
