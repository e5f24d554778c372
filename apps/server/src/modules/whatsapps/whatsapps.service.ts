/**
 * Connections (core-platform §2.17, §4.3): reads and delete. Saving
 * (create/update and their rules) is in save-whatsapp.ts. Changes are
 * recorded as whatsapp.* events (whatsapps.subscribers.ts publishes them).
 */
import { can, type WhatsappDto } from "@balcao/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { presentWhatsapp, type WhatsappViewer } from "./whatsapps.presenter.js";
import {
  findWhatsapp,
  listWhatsapps,
  lockCompanyConnections,
  queuesByWhatsapp,
  type WhatsappRow,
} from "./whatsapps.queries.js";

/** Connection editors read the external API token and the Cloud verify token whole; everyone else (agents) masked. */
function viewerOf(ctx: Context, who: AccessClaims | null): WhatsappViewer {
  const editor = who !== null && can(who.profile, "connections-page:editOrDeleteConnection");
  return { editor, publicUrl: ctx.config.PUBLIC_URL ?? "" };
}

/** `who` null: as the company's sockets read it, agents included (the token masked). */
export async function presentWhatsapps(ctx: Context, companyId: number, rows: WhatsappRow[], who: AccessClaims | null) {
  const queues = await queuesByWhatsapp(
    ctx.db,
    companyId,
    rows.map((r) => r.id),
  );
  const viewer = viewerOf(ctx, who);
  return rows.map((row) => presentWhatsapp(row, queues.get(row.id) ?? [], viewer));
}

/** Another company's connection answers 404 as if it did not exist. */
export async function loadWhatsapp(ctx: Context, companyId: number, id: number): Promise<WhatsappRow> {
  const row = await findWhatsapp(ctx.db, companyId, id);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

export async function getWhatsapps(ctx: Context, who: AccessClaims): Promise<WhatsappDto[]> {
  return presentWhatsapps(ctx, who.companyId, await listWhatsapps(ctx.db, who.companyId), who);
}

export async function showWhatsapp(ctx: Context, who: AccessClaims, id: number): Promise<WhatsappDto> {
  const [dto] = await presentWhatsapps(ctx, who.companyId, [await loadWhatsapp(ctx, who.companyId, id)], who);
  return dto!;
}

/**
 * Tells the channel manager a connection changed: after a save it (re)starts
 * the connection's driver with the saved settings, after a delete it stops it.
 * Not awaited: a driver's start may wait on the provider, and its outcome
 * reaches the page as a whatsappSession event.
 */
export function restartChannel(ctx: Context, whatsappId: number, change: "saved" | "deleted") {
  const task = change === "saved" ? ctx.channels.refresh(whatsappId) : ctx.channels.stop(whatsappId);
  task.catch((err: unknown) => ctx.log.warn({ err, whatsappId }, "channel refresh failed"));
}

/**
 * Its tickets, contacts and users stay (their whatsapp_id becomes null) and
 * its queue links go with it. Deleting the default while others remain makes
 * the oldest remaining one the default, so a default always exists (§4.3).
 */
export async function deleteWhatsapp(ctx: Context, companyId: number, id: number): Promise<void> {
  await ctx.events.transaction(async (e) => {
    await lockCompanyConnections(e.db, companyId);
    const row = await findWhatsapp(e.db, companyId, id);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    await e.db.delete(whatsapps).where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    e.record("whatsapp.deleted", { companyId, whatsappId: id });
    if (!row.isDefault) return;
    const [oldest] = await e.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId))
      .orderBy(asc(whatsapps.createdAt), asc(whatsapps.id))
      .limit(1);
    if (!oldest) return;
    await e.db.update(whatsapps).set({ isDefault: true, updatedAt: new Date() }).where(eq(whatsapps.id, oldest.id));
    e.record("whatsapp.saved", { companyId, whatsappId: oldest.id });
  });
  restartChannel(ctx, id, "deleted");
}
