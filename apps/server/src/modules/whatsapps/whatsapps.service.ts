/**
 * Connections (core-platform §2.17, §4.3): reads, delete and the realtime
 * events. Saving (create/update and their rules) is in save-whatsapp.ts.
 * Changes go out on company-{companyId}-whatsapp.
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

/** Connection editors read the external API token whole; everyone else (agents) masked. */
function viewerOf(ctx: Context, who: AccessClaims | null): WhatsappViewer {
  const fullToken = who !== null && can(who.profile, "connections-page:editOrDeleteConnection");
  return { fullToken, publicUrl: ctx.config.PUBLIC_URL ?? "" };
}

async function present(ctx: Context, companyId: number, rows: WhatsappRow[], who: AccessClaims | null) {
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
  return present(ctx, who.companyId, await listWhatsapps(ctx.db, who.companyId), who);
}

export async function showWhatsapp(ctx: Context, who: AccessClaims, id: number): Promise<WhatsappDto> {
  const [dto] = await present(ctx, who.companyId, [await loadWhatsapp(ctx, who.companyId, id)], who);
  return dto!;
}

/**
 * Sends the current state of these connections to the company's sockets, in
 * the order given (the one saved first, then those it took the default from). Agents
 * are in the same room, so the token goes out masked; the modal reads GET
 * /whatsapp/{id} when it opens.
 */
export async function publishWhatsapps(ctx: Context, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await ctx.db.query.whatsapps.findMany({
    where: (w, { and: all, eq: is, inArray }) => all(is(w.companyId, companyId), inArray(w.id, ids)),
  });
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  for (const whatsapp of await present(ctx, companyId, rows, null)) {
    ctx.realtime.emit("whatsapp", { companyId }, { action: "update", whatsapp });
  }
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
  const promoted = await ctx.db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const row = await findWhatsapp(tx, companyId, id);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    await tx.delete(whatsapps).where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    if (!row.isDefault) return null;
    const [oldest] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId))
      .orderBy(asc(whatsapps.createdAt), asc(whatsapps.id))
      .limit(1);
    if (!oldest) return null;
    await tx.update(whatsapps).set({ isDefault: true, updatedAt: new Date() }).where(eq(whatsapps.id, oldest.id));
    return oldest.id;
  });
  ctx.realtime.emit("whatsapp", { companyId }, { action: "delete", whatsappId: id });
  restartChannel(ctx, id, "deleted");
  if (promoted !== null) await publishWhatsapps(ctx, companyId, [promoted]);
}
