/**
 * Every kind of job the server runs (one definition per file, beside the
 * module it works for). server.ts registers each at start, before anything
 * can send one, and works them in this process. Add a job: write its
 * definition (jobs.ts JobDefinition), list it here, and either send it
 * (`ctx.jobs.send`) or subscribe it to an event (`ctx.events.durable`,
 * events/wiring.ts). Sweeps (sweeps.ts: work marked on the data's own rows)
 * are listed below, each made anew per server.
 */
import type { JobDefinition } from "./jobs.js";
import type { SweepDefinition } from "./sweeps.js";
import { answerSweep } from "../automation/answer-sweep.js";
import { sendSweep } from "../modules/messages/send-sweep.js";
import { aiTurn } from "../automation/ai-turn.job.js";
import { armConnectionTimers } from "../automation/arm-connection-timers.job.js";
import { integrationTurn } from "../integrations/integration-turn.job.js";
import { ticketTimer } from "../automation/ticket-timer.job.js";
import { flowStep } from "../automation/flows/flow-step.job.js";
import { checkContactListNumbers } from "../modules/contact-lists/check-contact-list-numbers.js";
import { importContactList } from "../modules/contact-lists/import-contact-list.js";
import { fetchInboundMedia } from "../modules/messages/fetch-inbound-media.js";
import { sendSchedule } from "../modules/schedules/send-schedule.job.js";
import { campaignReply } from "../modules/campaigns/campaign-reply.job.js";
import { dispatchCampaign } from "../modules/campaigns/dispatch-campaign.job.js";
import { startCampaign } from "../modules/campaigns/start-campaign.job.js";
import { createInvoices } from "../modules/billing/create-invoices.job.js";
import { recheckCharges } from "../modules/billing/recheck-charges.job.js";
import { deliverWebhook } from "../integrations/deliveries/deliver-webhook.job.js";
import { removeUnusedMediaJob } from "../media/remove-unused-media.job.js";
import { companyState } from "../modules/companies/company-state.job.js";

// Each definition is typed by its own payload; the registry only runs them.
export const jobDefinitions: readonly JobDefinition<never>[] = [
  fetchInboundMedia as JobDefinition<never>,
  ticketTimer as JobDefinition<never>,
  armConnectionTimers as JobDefinition<never>,
  importContactList as JobDefinition<never>,
  checkContactListNumbers as JobDefinition<never>,
  sendSchedule as JobDefinition<never>,
  startCampaign as JobDefinition<never>,
  dispatchCampaign as JobDefinition<never>,
  campaignReply as JobDefinition<never>,
  createInvoices as JobDefinition<never>,
  recheckCharges as JobDefinition<never>,
  deliverWebhook as JobDefinition<never>,
  aiTurn as JobDefinition<never>,
  integrationTurn as JobDefinition<never>,
  flowStep as JobDefinition<never>,
  removeUnusedMediaJob as JobDefinition<never>,
  companyState as JobDefinition<never>,
];

export const sweepDefinitions: readonly (() => SweepDefinition)[] = [answerSweep, sendSweep];
