/**
 * Who listens to which domain event, in one place (server.ts calls this once,
 * before the channels start): the ticket timeline and durations inside the
 * transaction, the tickets' timers armed in it too, realtime after the
 * commit (one subscribers file per area).
 * What ends a session (auth/session-end.ts: a user's or company's sockets
 * dropped, the sign-in's "auth" event) is not a domain change and stays where
 * it happens. Durable subscribers (automation's jobs) are added here too:
 * `ctx.events.durable("message.received", someJob, (e) => …)`, with the job
 * listed in jobs/registry.ts.
 */
import { armConnectionTimers } from "../automation/arm-connection-timers.job.js";
import { answerSweepName } from "../automation/answer-sweep.js";
import { subscribeTicketTimers } from "../automation/arm-ticket-timers.js";
import type { Context } from "../context.js";
import { subscribeAnnouncementRealtime } from "../modules/announcements/announcements.subscribers.js";
import { subscribeBillingRealtime } from "../modules/billing/billing.subscribers.js";
import { subscribeCampaignRealtime } from "../modules/campaigns/campaigns.subscribers.js";
import { subscribeChatRealtime } from "../modules/chats/chats.subscribers.js";
import { subscribeFileListRealtime } from "../modules/files/files.subscribers.js";
import { subscribeFlowRealtime } from "../modules/flows/flows.subscribers.js";
import { subscribeQueueIntegrationRealtime } from "../modules/queue-integrations/queue-integrations.subscribers.js";
import { subscribePromptRealtime } from "../modules/prompts/prompts.subscribers.js";
import { subscribeContactListRealtime } from "../modules/contact-lists/contact-lists.subscribers.js";
import { subscribeContactRealtime } from "../modules/contacts/contacts.subscribers.js";
import { subscribeMessageRealtime } from "../modules/messages/messages.subscribers.js";
import { subscribeQueueRealtime } from "../modules/queues/queues.subscribers.js";
import { subscribeQuickMessageRealtime } from "../modules/quick-messages/quick-messages.subscribers.js";
import { subscribeScheduleRealtime } from "../modules/schedules/schedules.subscribers.js";
import { subscribeSettingRealtime } from "../modules/settings/settings.subscribers.js";
import { subscribeTagRealtime } from "../modules/tags/tags.subscribers.js";
import { subscribeTicketDurations } from "../modules/tickets/ticket-durations.js";
import { subscribeTimeline } from "../modules/tickets/ticket-timeline.js";
import { subscribeTicketRealtime } from "../modules/tickets/tickets.subscribers.js";
import { subscribeUserRealtime } from "../modules/users/users.subscribers.js";
import { subscribeWhatsappRealtime } from "../modules/whatsapps/whatsapps.subscribers.js";

export function wireEvents(ctx: Context): void {
  subscribeTimeline(ctx.events);
  subscribeTicketDurations(ctx.events);
  subscribeTicketTimers(ctx.events);
  // A connection's timer fields may have changed: the tickets waiting on it are armed again (maybe many: a job).
  ctx.events.durable("whatsapp.saved", armConnectionTimers, (e) => e);
  subscribeTicketRealtime(ctx);
  subscribeMessageRealtime(ctx);
  subscribeContactRealtime(ctx);
  subscribeQueueRealtime(ctx);
  subscribeUserRealtime(ctx);
  subscribeSettingRealtime(ctx);
  subscribeQuickMessageRealtime(ctx);
  subscribeTagRealtime(ctx);
  subscribeScheduleRealtime(ctx);
  subscribeWhatsappRealtime(ctx);
  subscribeAnnouncementRealtime(ctx);
  subscribeFileListRealtime(ctx);
  subscribePromptRealtime(ctx);
  subscribeContactListRealtime(ctx);
  subscribeCampaignRealtime(ctx);
  subscribeChatRealtime(ctx);
  subscribeBillingRealtime(ctx);
  subscribeQueueIntegrationRealtime(ctx);
  subscribeFlowRealtime(ctx);
  // A customer's message marks its ticket for the answer sweep (automation/answer-sweep.ts): it looks now.
  ctx.events.on("message.received", (e) => {
    if (!e.fromMe && !e.isGroup) ctx.jobs.wake(answerSweepName);
  });
}
