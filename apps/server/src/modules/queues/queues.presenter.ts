/** The queue and option shapes the spec's client reads (business-areas §3). */
import type { QueueDto, QueueOptionDto } from "@balcao/contracts";
import type { queueOptions, queues } from "../../db/schema/index.js";

export function presentQueue(q: typeof queues.$inferSelect): QueueDto {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    complationMessage: q.complationMessage,
    ratingMessage: q.ratingMessage,
    orderQueue: q.orderQueue,
    integrationId: q.integrationId,
    promptId: q.promptId,
    schedules: q.schedules,
    companyId: q.companyId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export function presentQueueOption(o: typeof queueOptions.$inferSelect): QueueOptionDto {
  return { id: o.id, title: o.title, message: o.message, option: o.option, queueId: o.queueId, parentId: o.parentId };
}
