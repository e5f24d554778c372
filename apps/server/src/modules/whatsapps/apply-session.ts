/**
 * A driver's session report (core-platform §4.3): stored on the connection
 * row; the whatsapp.session event sends it to the company's connections page
 * as a session update and a connection update (whatsapps.subscribers.ts).
 */
import { and, eq } from "drizzle-orm";
import type { SessionUpdate } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";

export async function applySession(
  ctx: Context,
  connection: { id: number; companyId: number },
  update: SessionUpdate,
): Promise<void> {
  const [row] = await ctx.db
    .update(whatsapps)
    .set({
      status: update.status,
      ...(update.qrcode !== undefined ? { qrcode: update.qrcode } : {}),
      ...(update.retries !== undefined ? { retries: update.retries } : {}),
      ...(update.number ? { number: update.number } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(whatsapps.id, connection.id), eq(whatsapps.companyId, connection.companyId)))
    .returning();
  // Deleted meanwhile: nothing to show.
  if (row) await ctx.events.published("whatsapp.session", { companyId: row.companyId, whatsappId: row.id });
}
