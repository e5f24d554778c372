/**
 * Connection realtime, driven by the domain events after their commit, on
 * company-{companyId}-whatsapp (and -whatsappSession for a session report).
 * Agents are in the same room, so the token goes out masked; the modal reads
 * GET /whatsapp/{id} when it opens.
 */
import type { ConnectionStatus } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { findWhatsapp, type WhatsappRow } from "./whatsapps.queries.js";
import { presentWhatsapps } from "./whatsapps.service.js";

type Facts = DomainEvents["whatsapp.saved"];

async function emitWhatsapp(ctx: Context, row: WhatsappRow) {
  const [whatsapp] = await presentWhatsapps(ctx, row.companyId, [row], null);
  ctx.realtime.emit("whatsapp", { companyId: row.companyId }, { action: "update", whatsapp: whatsapp! });
}

function emitSession(ctx: Context, row: WhatsappRow) {
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
}

/** The connection as it now is; one deleted meanwhile has nothing left to show. */
async function publish(ctx: Context, { companyId, whatsappId }: Facts, session: boolean) {
  const row = await findWhatsapp(ctx.db, companyId, whatsappId);
  if (!row) return;
  if (session) emitSession(ctx, row);
  await emitWhatsapp(ctx, row);
}

export function subscribeWhatsappRealtime(ctx: Context): void {
  ctx.events.on("whatsapp.saved", (e) => publish(ctx, e, false));
  ctx.events.on("whatsapp.session", (e) => publish(ctx, e, true));
  ctx.events.on("whatsapp.deleted", (e) =>
    ctx.realtime.emit("whatsapp", { companyId: e.companyId }, { action: "delete", whatsappId: e.whatsappId }),
  );
}
