/**
 * Time passing ends companies too: a due date passes at midnight without any
 * edit. Every minute each process looks at the companies of its own sockets
 * (one small query) and ends those that were switched off, expired or removed,
 * and its WhatsApp connections follow their companies (stopped while one may
 * not work, started again when it may: channels/manager.ts followCompanies).
 */
import { inArray } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies } from "../../db/schema/index.js";
import type { SocketData } from "../../realtime/realtime.js";
import { mayWork } from "../companies/subscription.js";
import { companyEnded } from "./session-end.js";

export const COMPANY_SWEEP_MS = 60_000;

export interface CompanySweep {
  stop(): void;
}

async function sweep(ctx: Context) {
  const sockets = await ctx.realtime.io.local.fetchSockets();
  const connected = new Set(sockets.map((s) => (s.data as SocketData).claims.companyId));
  if (connected.size === 0) return;
  const rows = await ctx.db
    .select({ id: companies.id, status: companies.status, dueDate: companies.dueDate })
    .from(companies)
    .where(inArray(companies.id, [...connected]));
  const working = new Set(rows.filter((c) => mayWork(c)).map((c) => c.id));
  for (const id of connected) if (!working.has(id)) companyEnded(ctx, id);
}

export function startCompanySweep(ctx: Context, intervalMs = COMPANY_SWEEP_MS): CompanySweep {
  const timer = setInterval(() => {
    sweep(ctx).catch((err: unknown) => ctx.log.warn({ err }, "company sweep failed"));
    ctx.channels
      .followCompanies()
      .catch((err: unknown) => ctx.log.warn({ err }, "connections not following companies"));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
