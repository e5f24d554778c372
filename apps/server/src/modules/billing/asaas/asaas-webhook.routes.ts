/**
 * Where Asaas notifies payments: POST {host}/payments/asaas/webhook (issue 14
 * item 4). Only a request whose `asaas-access-token` header equals the
 * platform's `asaasWebhookToken` setting (compared in constant time; none set:
 * every call refused) is read, and even then its body is only a hint: the
 * charge is read back from Asaas (confirm-payment.ts), so a forged "paid"
 * changes nothing. Every accepted notice answers 200, also for an event we do
 * not act on or a charge we do not know (logged), so Asaas' queue keeps moving;
 * our own failures answer 5xx and Asaas sends the notice again.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../../../context.js";
import { AppError } from "../../../http/errors.js";
import { confirmCharge } from "../confirm-payment.js";
import { asAppError, asaasWebhookToken, paymentProvider } from "../provider.js";

/** The events that say money arrived; the others (created, updated, overdue…) need nothing from us. */
const PAID_EVENTS = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);

const notice = z
  .object({
    event: z.string().max(100).optional(),
    payment: z
      .object({ id: z.string().max(100) })
      .loose()
      .optional(),
  })
  .loose();

/** Equal strings, in time that does not depend on where they differ. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function asaasWebhookRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/payments/asaas/webhook",
      {
        config: { access: "public" },
        schema: { tags: ["webhooks"], body: notice },
        // Checked before the body is validated or anything looked up (after the input guard, which refuses
        // text PostgreSQL cannot store). The token travels in a header: never logged (the logger keeps
        // method, path and ip only).
        preValidation: async (req) => {
          const expected = await asaasWebhookToken(ctx);
          const given = req.headers["asaas-access-token"];
          if (!expected || typeof given !== "string" || !sameToken(given, expected)) {
            throw new AppError("ERR_NO_PERMISSION");
          }
        },
      },
      async (req) => {
        const { event, payment } = req.body;
        if (!event || !PAID_EVENTS.has(event) || !payment) return { received: true };
        try {
          const outcome = await confirmCharge(ctx, await paymentProvider(ctx), payment.id);
          if (outcome === "unknown")
            req.log.warn({ chargeId: payment.id, event }, "asaas webhook: unknown charge, ignored");
          if (outcome === "not-paid")
            req.log.warn({ chargeId: payment.id, event }, "asaas webhook: charge not paid at Asaas");
          return { received: true };
        } catch (err) {
          throw asAppError(err);
        }
      },
    );
  };
}
