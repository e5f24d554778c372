/**
 * The delivery log of an n8n or webhook integration and its resend (issue 17
 * item 6), for the integration's own company only: another company's
 * integration or delivery answers 404 as if it did not exist.
 */
import {
  integrationDeliveryLogMax,
  type IntegrationDeliveriesAnswer,
  type IntegrationDeliveryDto,
} from "@balcao/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { integrationDeliveries, queueIntegrations } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { deliverWebhook } from "./deliver-webhook.job.js";

type DeliveryRow = typeof integrationDeliveries.$inferSelect;

export function presentDelivery(row: DeliveryRow): IntegrationDeliveryDto {
  return {
    id: row.id,
    event: row.event as IntegrationDeliveryDto["event"],
    status: row.status as IntegrationDeliveryDto["status"],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

async function assertIntegration(ctx: Context, companyId: number, integrationId: number): Promise<void> {
  const [found] = await ctx.db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.id, integrationId), eq(queueIntegrations.companyId, companyId)));
  if (!found) throw new AppError("ERR_NOT_FOUND");
}

export async function listDeliveries(
  ctx: Context,
  companyId: number,
  integrationId: number,
): Promise<IntegrationDeliveriesAnswer> {
  await assertIntegration(ctx, companyId, integrationId);
  const rows = await ctx.db
    .select()
    .from(integrationDeliveries)
    .where(and(eq(integrationDeliveries.integrationId, integrationId), eq(integrationDeliveries.companyId, companyId)))
    .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.id))
    .limit(integrationDeliveryLogMax);
  return { deliveries: rows.map(presentDelivery) };
}

/**
 * The same delivery (same deliveryId, same body, signed again with the current secret) queued now, with the
 * whole retry schedule ahead of it; its attempts keep counting. One already waiting is brought forward.
 */
export async function resendDelivery(
  ctx: Context,
  companyId: number,
  integrationId: number,
  deliveryId: string,
): Promise<IntegrationDeliveryDto> {
  await assertIntegration(ctx, companyId, integrationId);
  const now = new Date();
  const row = await ctx.events.transaction(async (t) => {
    const [updated] = await t.db
      .update(integrationDeliveries)
      .set({ status: "pending", nextAttemptAt: now, deliveredAt: null })
      .where(
        and(
          eq(integrationDeliveries.id, deliveryId),
          eq(integrationDeliveries.integrationId, integrationId),
          eq(integrationDeliveries.companyId, companyId),
        ),
      )
      .returning();
    if (!updated) throw new AppError("ERR_NOT_FOUND");
    await t.enqueue(deliverWebhook, { companyId, deliveryId, retry: 0 }, { startAfter: now, singletonKey: deliveryId });
    return updated;
  });
  return presentDelivery(row);
}
