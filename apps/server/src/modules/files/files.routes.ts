/**
 * /files (automation-areas §7 "File lists"): every signed-in user of the
 * company reads the lists (the campaign modal's select reads GET /files/);
 * administrators write them.
 */
import { fileListQuerySchema, fileListSaveSchema, idSchema } from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import { fileListUploads, uploadFileListFiles } from "./file-list-upload.js";
import { presentFileList } from "./files.presenter.js";
import { createFileList, deleteFileList, listFileListsPage, loadFileList, updateFileList } from "./files.service.js";

const idParams = z.object({ id: idSchema });
const tags = ["files"];
const user = { access: "user" } as const;
const admin = { access: "admin" } as const;

export function filesRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/files", { config: user, schema: { tags, querystring: fileListQuerySchema } }, (req) =>
      listFileListsPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );
    app.get("/files/:id", { config: user, schema: { tags, params: idParams } }, async (req) =>
      presentFileList(await loadFileList(ctx, req.auth.companyId, req.params.id)),
    );
    app.post("/files", { config: admin, schema: { tags, body: fileListSaveSchema } }, (req) =>
      createFileList(ctx, req.auth, req.body),
    );
    app.put("/files/:id", { config: admin, schema: { tags, params: idParams, body: fileListSaveSchema } }, (req) =>
      updateFileList(ctx, req.auth, req.params.id, req.body),
    );
    app.delete("/files/:id", { config: admin, schema: { tags, params: idParams } }, async (req) => {
      await deleteFileList(ctx, req.auth.companyId, req.params.id);
      return { message: "File list deleted" };
    });
    app.post(
      "/files/uploadList/:fileId",
      { config: admin, schema: { tags, params: z.object({ fileId: idSchema }) } },
      (req) => uploadFileListFiles(ctx, req.auth.companyId, req.params.fileId, uploadOf(req, ctx, fileListUploads)),
    );
  };
}
