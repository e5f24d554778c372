/**
 * A driver's session report (core-platform §4.3): stored on the connection
 * row and sent to the company's connections page as a session update and a
 * connection update.
 */
import { and, eq } from "drizzle-orm";
import type { ConnectionStatus } from "@balcao/contracts";
import type { SessionUpdate } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { publishWhatsapps } from "./whatsapps.service.js";

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
  if (!row) return;
  ctx.realtime.emit(
    "whatsappSession",
    { companyId: row.companyId },
    {
      action: "update",
      session: {
        id: row.id,
        status: row.status as ConnectionStatus,
        qrcode: row.qrcode,
        retries: row.retries,
        updatedAt: row.updatedAt.toISOString(),
      },
    },
  );
  await publishWhatsapps(ctx, row.companyId, [row.id]);
}
