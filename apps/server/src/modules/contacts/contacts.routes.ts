/** Contacts (business-areas §7 "Contacts", core-platform §7.6). */
import {
  contactListQuerySchema,
  contactSaveSchema,
  contactUploadSchema,
  lookupQuerySchema,
  idSchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { contactNames } from "./contacts.queries.js";
import { createContact, deleteContact, listContactsPage, showContact, updateContact } from "./contacts.service.js";
import { EXPORT_FILENAME, exportContacts } from "./export-contacts.js";
import { importPhoneContacts } from "./import-phone-contacts.js";
import { uploadContacts } from "./upload-contacts.js";

const idParams = z.object({ id: idSchema });
const schema = { tags: ["contacts"] };
// The spec's client sends companyId on some calls; the company always comes from the token.
const listQuery = contactListQuerySchema.loose();

export function contactsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/contacts", { config: { access: "user" }, schema: { ...schema, querystring: listQuery } }, (req) =>
      listContactsPage(ctx, req.auth.companyId, req.query, req.query.pageNumber),
    );

    app.get(
      "/contacts/list",
      { config: { access: "user" }, schema: { ...schema, querystring: lookupQuerySchema } },
      (req) => contactNames(ctx.db, req.auth.companyId, req.query.searchParam),
    );

    app.get(
      "/contacts/export",
      { config: { access: "user" }, schema: { ...schema, querystring: listQuery } },
      async (req, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${EXPORT_FILENAME}"`)
          .header("cache-control", "no-store")
          .send(exportContacts(ctx.db, req.auth.companyId, req.query)),
    );

    app.get("/contacts/:id", { config: { access: "user" }, schema: { ...schema, params: idParams } }, (req) =>
      showContact(ctx, req.auth.companyId, req.params.id),
    );

    app.post("/contacts", { config: { access: "user" }, schema: { ...schema, body: contactSaveSchema } }, (req) =>
      createContact(ctx, req.auth.companyId, req.body),
    );

    app.put(
      "/contacts/:id",
      { config: { access: "user" }, schema: { ...schema, params: idParams, body: contactSaveSchema } },
      (req) => updateContact(ctx, req.auth.companyId, req.params.id, req.body),
    );

    app.delete(
      "/contacts/:id",
      { config: { access: "contacts-page:deleteContact" }, schema: { ...schema, params: idParams } },
      async (req, reply) => {
        await deleteContact(ctx, req.auth.companyId, req.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      "/contacts/upload",
      // A batch of up to 1,000 rows can exceed the default 1 MB body limit.
      { config: { access: "user" }, bodyLimit: 8 * 1024 * 1024, schema: { ...schema, body: contactUploadSchema } },
      (req) => uploadContacts(ctx, req.auth.companyId, req.body),
    );

    // The phone's address book, through the default connection's running driver.
    app.post("/contacts/import", { config: { access: "user" }, schema }, (req) =>
      importPhoneContacts(ctx, req.auth.companyId),
    );
  };
}
