/**
 * /announcements (business-areas §7 "Announcements"): every signed-in user
 * lists and reads active announcements and marks them seen; super users see
 * every announcement and write them, image included.
 */
import {
  announcementListQuerySchema,
  announcementSaveSchema,
  announcementSeenSchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { announcementUploads, removeAnnouncementMedia, uploadAnnouncementMedia } from "./announcement-media.js";
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  markAnnouncementsSeen,
  showAnnouncement,
  updateAnnouncement,
} from "./announcements.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["announcements"];

export function announcementsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec's client calls GET /announcements/ (with the slash); the router ignores trailing slashes.
    app.get(
      "/announcements",
      { config: { access: "user" }, schema: { tags, querystring: announcementListQuerySchema.loose() } },
      (req) => listAnnouncements(ctx, req.auth, req.query),
    );
    app.post(
      "/announcements/seen",
      { config: { access: "user" }, schema: { tags, body: announcementSeenSchema } },
      (req) => markAnnouncementsSeen(ctx, req.auth.id, req.body.ids),
    );
    app.get("/announcements/:id", { config: { access: "user" }, schema: { tags, params: idParams } }, (req) =>
      showAnnouncement(ctx, req.params.id, req.auth),
    );
    app.post("/announcements", { config: { access: "super" }, schema: { tags, body: announcementSaveSchema } }, (req) =>
      createAnnouncement(ctx, req.auth.companyId, req.body),
    );
    app.put(
      "/announcements/:id",
      { config: { access: "super" }, schema: { tags, params: idParams, body: announcementSaveSchema } },
      (req) => updateAnnouncement(ctx, req.params.id, req.body),
    );
    app.delete(
      "/announcements/:id",
      { config: { access: "super" }, schema: { tags, params: idParams } },
      async (req) => {
        await deleteAnnouncement(ctx, req.params.id);
        return { message: "Announcement deleted" };
      },
    );
    app.post(
      "/announcements/:id/media-upload",
      { config: { access: "super" }, schema: { tags, params: idParams } },
      (req) => uploadAnnouncementMedia(ctx, req.params.id, uploadOf(req, ctx, announcementUploads)),
    );
    app.delete(
      "/announcements/:id/media-upload",
      { config: { access: "super" }, schema: { tags, params: idParams } },
      (req) => removeAnnouncementMedia(ctx, req.params.id),
    );
  };
}
