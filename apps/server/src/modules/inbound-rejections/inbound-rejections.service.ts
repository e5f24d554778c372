/**
 * Inbound items the server could not read (issue 19): kept whole with the
 * reason, once per connection and item, and listed for super users. The rest
 * of the delivery is stored; the item stays here for someone to look at.
 */
import { createHash } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, inboundRejections, whatsapps } from "../../db/schema/index.js";
import { storableJson } from "../../db/storable.js";

export const rejectionsPageSize = 20;

/** What a driver could not read: the item as the provider sent it, and why. */
export interface InboundRejection {
  item: unknown;
  reason: string;
}

export interface RejectingConnection {
  id: number;
  companyId: number;
  provider: string;
}

/** Kept once: a repeated delivery of the same item adds nothing. */
export async function keepRejection(ctx: Context, connection: RejectingConnection, rejection: InboundRejection) {
  const item = storableJson(rejection.item ?? null);
  const fingerprint = createHash("sha256").update(JSON.stringify(item)).digest("hex");
  ctx.log.warn(
    {
      companyId: connection.companyId,
      whatsappId: connection.id,
      provider: connection.provider,
      reason: rejection.reason,
    },
    "inbound item not readable; kept in inbound_rejections",
  );
  await ctx.db
    .insert(inboundRejections)
    .values({
      companyId: connection.companyId,
      whatsappId: connection.id,
      provider: connection.provider,
      // A delivery of JSON null is kept as the JSON value null (drizzle would write SQL NULL).
      item: item === null ? sql`'null'::jsonb` : item,
      fingerprint,
      reason: rejection.reason,
    })
    .onConflictDoNothing();
}

/** Newest first, 20 a page, with the company's and the connection's names. */
export async function pageRejections(ctx: Context, pageNumber: number) {
  const [records, [total]] = await Promise.all([
    ctx.db
      .select({
        id: inboundRejections.id,
        companyId: inboundRejections.companyId,
        companyName: companies.name,
        whatsappId: inboundRejections.whatsappId,
        whatsappName: whatsapps.name,
        provider: inboundRejections.provider,
        reason: inboundRejections.reason,
        item: inboundRejections.item,
        receivedAt: inboundRejections.receivedAt,
      })
      .from(inboundRejections)
      .innerJoin(companies, eq(companies.id, inboundRejections.companyId))
      .leftJoin(whatsapps, eq(whatsapps.id, inboundRejections.whatsappId))
      .orderBy(desc(inboundRejections.receivedAt), desc(inboundRejections.id))
      .limit(rejectionsPageSize)
      .offset((pageNumber - 1) * rejectionsPageSize),
    ctx.db.select({ n: count() }).from(inboundRejections),
  ]);
  const n = total?.n ?? 0;
  return { records, count: n, hasMore: (pageNumber - 1) * rejectionsPageSize + records.length < n };
}
