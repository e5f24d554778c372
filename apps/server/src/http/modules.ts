/** Every area's routes, in one list: a new area adds one line here. */
import type { FastifyInstance } from "fastify";
import { cloudWebhookRoutes } from "../channels/cloud/webhook.routes.js";
import { asaasWebhookRoutes } from "../modules/billing/asaas/asaas-webhook.routes.js";
import { billingRoutes } from "../modules/billing/billing.routes.js";
import type { Context } from "../context.js";
import { mediaRoutes } from "../media/media.routes.js";
import { announcementsRoutes } from "../modules/announcements/announcements.routes.js";
import { authRoutes } from "../modules/auth/auth.routes.js";
import { companiesRoutes } from "../modules/companies/companies.routes.js";
import { contactListsRoutes } from "../modules/contact-lists/contact-lists.routes.js";
import { contactsRoutes } from "../modules/contacts/contacts.routes.js";
import { dashboardRoutes } from "../modules/dashboard/dashboard.routes.js";
import { campaignSettingsRoutes } from "../modules/campaign-settings/campaign-settings.routes.js";
import { campaignsRoutes } from "../modules/campaigns/campaigns.routes.js";
import { chatsRoutes } from "../modules/chats/chats.routes.js";
import { filesRoutes } from "../modules/files/files.routes.js";
import { flowCampaignsRoutes } from "../modules/flow-campaigns/flow-campaigns.routes.js";
import { flowsRoutes } from "../modules/flows/flows.routes.js";
import { flowSimulateRoutes } from "../modules/flows/flows.simulate.routes.js";
import { integrationDeliveriesRoutes } from "../integrations/deliveries/deliveries.routes.js";
import { queueIntegrationsRoutes } from "../modules/queue-integrations/queue-integrations.routes.js";
import { externalApiRoutes } from "../modules/external-api/external-api.routes.js";
import { helpsRoutes } from "../modules/helps/helps.routes.js";
import { inboundRejectionsRoutes } from "../modules/inbound-rejections/inbound-rejections.routes.js";
import { kanbanRoutes } from "../modules/kanban/kanban.routes.js";
import { messagesRoutes } from "../modules/messages/messages.routes.js";
import { plansRoutes } from "../modules/plans/plans.routes.js";
import { promptsRoutes } from "../modules/prompts/prompts.routes.js";
import { queuesRoutes } from "../modules/queues/queues.routes.js";
import { quickMessagesRoutes } from "../modules/quick-messages/quick-messages.routes.js";
import { schedulesRoutes } from "../modules/schedules/schedules.routes.js";
import { settingsRoutes } from "../modules/settings/settings.routes.js";
import { tagsRoutes } from "../modules/tags/tags.routes.js";
import { ticketNotesRoutes } from "../modules/ticket-notes/ticket-notes.routes.js";
import { ticketsRoutes } from "../modules/tickets/tickets.routes.js";
import { usersRoutes } from "../modules/users/users.routes.js";
import { whatsappsRoutes } from "../modules/whatsapps/whatsapps.routes.js";

export async function registerModules(api: FastifyInstance, ctx: Context) {
  for (const routes of [
    authRoutes,
    companiesRoutes,
    plansRoutes,
    settingsRoutes,
    usersRoutes,
    mediaRoutes,
    queuesRoutes,
    tagsRoutes,
    contactsRoutes,
    helpsRoutes,
    announcementsRoutes,
    ticketsRoutes,
    ticketNotesRoutes,
    messagesRoutes,
    cloudWebhookRoutes,
    inboundRejectionsRoutes,
    whatsappsRoutes,
    quickMessagesRoutes,
    schedulesRoutes,
    externalApiRoutes,
    dashboardRoutes,
    filesRoutes,
    promptsRoutes,
    campaignSettingsRoutes,
    contactListsRoutes,
    campaignsRoutes,
    chatsRoutes,
    kanbanRoutes,
    billingRoutes,
    asaasWebhookRoutes,
    integrationDeliveriesRoutes,
    queueIntegrationsRoutes,
    flowsRoutes,
    flowSimulateRoutes,
    flowCampaignsRoutes,
  ]) {
    await api.register(routes(ctx));
  }
}
