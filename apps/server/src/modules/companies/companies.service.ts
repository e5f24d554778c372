/**
 * Companies (core-platform §2.18 Companies tab, §7.3): the only writer of the
 * companies table after sign-up. Super users manage every company; a company's
 * own users only read their company and its admins set its business hours.
 * Due date, plan and status are changed by super users only (SERVER-BEHAVIOUR
 * "Billing"): the routes that change them are super-only.
 */
import {
  companyLimits,
  PLATFORM_COMPANY_ID,
  type CompanyCreate,
  type CompanyDto,
  type CompanyListResponse,
  type CompanySchedules,
  type CompanyUpdate,
} from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { EventTransaction } from "../../events/bus.js";
import { companies, settings, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { companyChanged, companyEnded } from "../auth/session-end.js";
import { pausedWorkOf } from "../../jobs/paused-jobs.js";
import { queueCompanyState } from "./company-state.job.js";
import type { AccessClaims } from "../auth/tokens.js";
import { mergeSchedules } from "../queues/merge-schedules.js";
import { listSettings } from "../settings/settings.queries.js";
import { presentCompanyRow } from "./companies.presenter.js";
import {
  allCompanies,
  findCompany,
  pageOfCompanies,
  settingsByCompany,
  type CompanyWithPlan,
} from "./companies.queries.js";
import { assertPlanExists, createCompany } from "./create-company.js";
import { createDueInvoices } from "../billing/create-invoices.js";
import { cancelMootInvoices } from "../billing/moot-invoices.js";
import { isoDate } from "./subscription.js";
import { usedBytes, usedBytesByCompany } from "../../media/media-files.js";

async function loadCompany(ctx: Context, id: number): Promise<CompanyWithPlan> {
  const row = await findCompany(ctx.db, id);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
  return row;
}

/** Several companies with their settings, for a super user (who may read every setting). */
async function presentMany(ctx: Context, rows: CompanyWithPlan[]): Promise<CompanyDto[]> {
  const ids = rows.map((r) => r.company.id);
  const [byCompany, storage, paused] = await Promise.all([
    settingsByCompany(ctx.db, ids),
    usedBytesByCompany(ctx.db, ids),
    pausedWorkOf(ctx.db, ids),
  ]);
  return rows.map((r) =>
    presentCompanyRow(r, byCompany.get(r.company.id) ?? [], {
      storageUsedBytes: storage.get(r.company.id) ?? 0,
      pausedWork: paused.get(r.company.id) ?? 0,
    }),
  );
}

/** One company as `viewer` may see it: secrets are hidden from everyone but super users. */
async function presentOne(ctx: Context, id: number, viewer: { super: boolean }): Promise<CompanyDto> {
  const row = await loadCompany(ctx, id);
  const [settingsOf, storageUsedBytes, paused] = await Promise.all([
    listSettings(ctx.db, id, viewer),
    usedBytes(ctx.db, id),
    pausedWorkOf(ctx.db, [id]),
  ]);
  return presentCompanyRow(row, settingsOf, { storageUsedBytes, pausedWork: paused.get(id) ?? 0 });
}

export async function pageCompanies(
  ctx: Context,
  searchParam: string,
  pageNumber: number,
): Promise<CompanyListResponse> {
  const { rows, count } = await pageOfCompanies(ctx.db, searchParam.toLowerCase(), pageNumber);
  const seen = (pageNumber - 1) * companyLimits.pageSize + rows.length;
  return { companies: await presentMany(ctx, rows), count, hasMore: seen < count };
}

export async function listCompanies(ctx: Context): Promise<CompanyDto[]> {
  return presentMany(ctx, await allCompanies(ctx.db));
}

export function showCompany(ctx: Context, id: number, viewer: AccessClaims): Promise<CompanyDto> {
  return presentOne(ctx, id, viewer);
}

/** A user's own company (super users: any); another company's id answers 404 as if it did not exist. */
export function showOwnCompany(ctx: Context, id: number, viewer: AccessClaims): Promise<CompanyDto> {
  if (id !== viewer.companyId && !viewer.super) throw new AppError("ERR_NO_COMPANY_FOUND");
  return presentOne(ctx, id, viewer);
}

export async function addCompany(ctx: Context, input: CompanyCreate, viewer: AccessClaims): Promise<CompanyDto> {
  // Named one by one: the loose body may carry fields the client read back (id, plan, settings...).
  const { name, email, phone, planId, status, dueDate, recurrence, campaignsEnabled, password } = input;
  const company = { name, email, phone, planId, status, dueDate, recurrence, campaignsEnabled };
  const created = await createCompany(ctx, company, password ? { password } : undefined);
  return presentOne(ctx, created.id, viewer);
}

/** Writes the campaignsEnabled setting; that company's sessions are told (their menu follows it). */
async function setCampaignsEnabled(e: EventTransaction, companyId: number, enabled: boolean) {
  const value = String(enabled);
  await e.db
    .insert(settings)
    .values({ companyId, key: "campaignsEnabled", value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } });
  e.record("setting.updated", { companyId, key: "campaignsEnabled" });
}

export async function editCompany(
  ctx: Context,
  id: number,
  input: CompanyUpdate,
  viewer: AccessClaims,
): Promise<CompanyDto> {
  const before = await loadCompany(ctx, id);
  // The platform company cannot be switched off: its super users would lose the platform.
  if (id === PLATFORM_COMPANY_ID && input.status === false) throw new AppError("ERR_NO_PERMISSION");
  if (input.planId !== undefined) await assertPlanExists(ctx, input.planId);
  // Named one by one, as on create; a field left out is undefined, which drizzle leaves out of the update.
  const { name, email, phone, planId, status, dueDate, recurrence, campaignsEnabled } = input;
  let moot: number[] = [];
  const company = await ctx.events.transaction(async (e) => {
    const [row] = await e.db
      .update(companies)
      .set({ name, email, phone, planId, status, dueDate, recurrence, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    if (campaignsEnabled !== undefined) await setCampaignsEnabled(e, id, campaignsEnabled);
    // The invoices of the period it leaves are moot: neither overdue nor payable any more.
    if (dueDate !== undefined && dueDate !== before.company.dueDate) moot = await cancelMootInvoices(e.db, id, dueDate);
    // A due date set near (or past) has its invoice at once, payable without waiting for the daily run.
    if (dueDate || status) await createDueInvoices(e.db, isoDate(new Date()), id);
    // Its connections and kept jobs follow: stopped while it may not work, resumed when it may.
    if (row && (status !== undefined || dueDate !== undefined)) await queueCompanyState(e, id);
    return row;
  });
  // Switched off or set to a past due date, its users stop at once.
  if (company && (status !== undefined || dueDate !== undefined)) companyChanged(ctx, company);
  // Besides a paid invoice, a super user's hand is the only thing that moves a due date: kept in the log.
  if (company && dueDate !== undefined && dueDate !== before.company.dueDate) {
    ctx.log.info(
      {
        companyId: id,
        from: before.company.dueDate,
        to: company.dueDate,
        byUserId: viewer.id,
        cancelledInvoiceIds: moot,
      },
      "company due date set by a super user",
    );
  }
  return presentOne(ctx, id, viewer);
}

/** Everything of the company goes with it (its tables cascade); the platform company never does. */
export async function removeCompany(ctx: Context, id: number): Promise<void> {
  if (id === PLATFORM_COMPANY_ID) throw new AppError("ERR_NO_PERMISSION");
  await loadCompany(ctx, id);
  // Its numbers stop first, so no driver keeps receiving or sending for a company that is gone.
  const connections = await ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, id));
  await Promise.all(connections.map((c) => ctx.channels.stop(c.id)));
  await ctx.db.delete(companies).where(eq(companies.id, id));
  // Its files' rows went with it; its folder goes too, so no byte of it stays on the disk.
  await ctx.media.removeCompanyFolder(id);
  companyEnded(ctx, id);
}

/** The company admin's business-hours tab: their own company only; a day left out keeps its hours. */
export async function saveCompanySchedules(
  ctx: Context,
  id: number,
  input: CompanySchedules,
  viewer: AccessClaims,
): Promise<CompanyDto> {
  if (id !== viewer.companyId) throw new AppError("ERR_NO_COMPANY_FOUND");
  const { company } = await loadCompany(ctx, id);
  await ctx.db
    .update(companies)
    .set({ schedules: mergeSchedules(company.schedules, input.schedules), updatedAt: new Date() })
    .where(eq(companies.id, id));
  return presentOne(ctx, id, viewer);
}
