/**
 * Contact lists and items (business-areas §7 "Contact lists and items"):
 * /contact-lists, /contact-lists/list, /contact-lists/{id}/upload and
 * /contact-list-items. Deleting an item takes contacts-page:deleteContact
 * (§6); the list page shows its delete to every user, so lists take none.
 */
import {
  contactListItemSaveSchema,
  contactListItemsQuerySchema,
  contactListSaveSchema,
  idSchema,
  listQuerySchema,
  lookupQuerySchema,
} from "@balcao/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../context.js";
import { uploadOf } from "../../http/uploads.js";
import {
  createContactListItem,
  deleteContactListItem,
  listContactListItemsPage,
  showContactListItem,
  updateContactListItem,
} from "./contact-list-items.service.js";
import { listsNamed } from "./contact-lists.queries.js";
import {
  createContactList,
  deleteContactList,
  listContactListsPage,
  showContactList,
  updateContactList,
  withCounts,
} from "./contact-lists.service.js";
import { contactListUploads, uploadContactList } from "./import-contact-list.js";

const idParams = z.object({ id: idSchema });
const lists = { tags: ["contact-lists"] };

export function contactListsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/contact-lists",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, querystring: listQuerySchema.loose() } },
      (req) => listContactListsPage(ctx, req.auth.companyId, req.query.searchParam, req.query.pageNumber),
    );

    // The campaign modal's select; the companyId it sends is ignored (the token's company).
    app.get(
      "/contact-lists/list",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, querystring: lookupQuerySchema } },
      async (req) =>
        withCounts(ctx, req.auth.companyId, await listsNamed(ctx.db, req.auth.companyId, req.query.searchParam ?? "")),
    );

    app.get(
      "/contact-lists/:id",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, params: idParams } },
      (req) => showContactList(ctx, req.auth.companyId, req.params.id),
    );

    app.post(
      "/contact-lists",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, body: contactListSaveSchema } },
      (req) => createContactList(ctx, req.auth.companyId, req.body),
    );

    app.put(
      "/contact-lists/:id",
      {
        config: { access: "user", plan: "useCampaigns" },
        schema: { ...lists, params: idParams, body: contactListSaveSchema },
      },
      (req) => updateContactList(ctx, req.auth.companyId, req.params.id, req.body),
    );

    app.delete(
      "/contact-lists/:id",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, params: idParams } },
      async (req, reply) => {
        await deleteContactList(ctx, req.auth.companyId, req.params.id);
        return reply.status(204).send();
      },
    );

    // Answers once the file is stored; the rows are read by the import job (import-contact-list.ts).
    app.post(
      "/contact-lists/:id/upload",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, params: idParams } },
      (req) => uploadContactList(ctx, req.auth.companyId, req.params.id, uploadOf(req, ctx, contactListUploads)),
    );

    app.get(
      "/contact-list-items",
      {
        config: { access: "user", plan: "useCampaigns" },
        schema: { ...lists, querystring: contactListItemsQuerySchema.loose() },
      },
      (req) => listContactListItemsPage(ctx, req.auth.companyId, req.query),
    );

    app.get(
      "/contact-list-items/:id",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, params: idParams } },
      (req) => showContactListItem(ctx, req.auth.companyId, req.params.id),
    );

    app.post(
      "/contact-list-items",
      { config: { access: "user", plan: "useCampaigns" }, schema: { ...lists, body: contactListItemSaveSchema } },
      (req) => createContactListItem(ctx, req.auth.companyId, req.body),
    );

    app.put(
      "/contact-list-items/:id",
      {
        config: { access: "user", plan: "useCampaigns" },
        schema: { ...lists, params: idParams, body: contactListItemSaveSchema },
      },
      (req) => updateContactListItem(ctx, req.auth.companyId, req.params.id, req.body),
    );

    app.delete(
      "/contact-list-items/:id",
      {
        config: { access: "contacts-page:deleteContact", plan: "useCampaigns" },
        schema: { ...lists, params: idParams },
      },
      async (req, reply) => {
        await deleteContactListItem(ctx, req.auth.companyId, req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
