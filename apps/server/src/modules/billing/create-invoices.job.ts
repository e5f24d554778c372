/**
 * The daily run that makes the invoices coming due (create-invoices.ts). A
 * pg-boss schedule (`cron`) queues it once a day whichever process is up; a
 * missed day is caught up by the next run, as it makes every invoice due
 * within the window that does not exist yet.
 */
import { emptyPayload, type EmptyPayload, type JobDefinition } from "../../jobs/jobs.js";
import { isoDate } from "../companies/subscription.js";
import { createDueInvoices } from "./create-invoices.js";

export const createInvoices: JobDefinition<EmptyPayload> = {
  name: "create-invoices",
  payload: emptyPayload,
  policy: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300, policy: "singleton" },
  // 03:10 UTC: after midnight in Brazil, before anyone's working day.
  cron: "10 3 * * *",
  async run(ctx) {
    const made = await createDueInvoices(ctx.db, isoDate(new Date()));
    if (made) ctx.log.info({ made }, "invoices made");
  },
};
