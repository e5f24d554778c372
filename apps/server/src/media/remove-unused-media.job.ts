/**
 * The hourly run of unused-media.ts: a file nothing refers to goes within an hour of its day.
 * A pg-boss schedule (`cron`) queues it whichever process is up; a missed run is caught up by
 * the next, which finds every file past its day.
 */
import { emptyPayload, type EmptyPayload, type JobDefinition } from "../jobs/jobs.js";
import { removeUnusedMedia } from "./unused-media.js";

export const removeUnusedMediaJob: JobDefinition<EmptyPayload> = {
  name: "remove-unused-media",
  payload: emptyPayload,
  policy: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 600, policy: "singleton" },
  cron: "23 * * * *",
  async run(ctx) {
    const removed = await removeUnusedMedia(ctx);
    if (removed) ctx.log.info({ removed }, "unused media removed");
  },
};
