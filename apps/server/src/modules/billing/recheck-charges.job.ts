/**
 * The safety net under the webhook (issue 14 item 4): every few minutes the
 * open invoices that have a charge are asked about at the provider, so a lost
 * or refused notice still renews the company. The latest charges first (the
 * ones being paid), a bounded batch a run; confirmCharge pays each at most once.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { emptyPayload, type EmptyPayload, type JobDefinition } from "../../jobs/jobs.js";
import { invoices } from "../../db/schema/index.js";
import { confirmCharge } from "./confirm-payment.js";
import { PaymentProviderError } from "./payment-provider.js";
import { paymentProvider } from "./provider.js";

/** Charges asked about per run: a few seconds of calls, well inside the provider's rate limits. */
const BATCH = 100;

export const recheckCharges: JobDefinition<EmptyPayload> = {
  name: "recheck-charges",
  payload: emptyPayload,
  policy: { retryLimit: 0, retryDelay: 60, retryBackoff: false, expireInSeconds: 600, policy: "singleton" },
  cron: "*/5 * * * *",
  async run(ctx) {
    const provider = await paymentProvider(ctx).catch((err: unknown) => {
      // No token set: nothing can be asked; the next run looks again.
      if (err instanceof PaymentProviderError) return undefined;
      throw err;
    });
    if (!provider) return;
    const open = await ctx.db
      .select({ chargeId: invoices.chargeId })
      .from(invoices)
      .where(and(eq(invoices.status, "open"), eq(invoices.chargeProvider, provider.name), isNotNull(invoices.chargeId)))
      .orderBy(desc(invoices.updatedAt))
      .limit(BATCH);
    for (const { chargeId } of open) {
      if (chargeId) await confirmCharge(ctx, provider, chargeId);
    }
  },
};
