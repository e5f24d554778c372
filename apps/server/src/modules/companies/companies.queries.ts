/**
 * Company reads. Companies are the tenants themselves: only super users list
 * them; a company's own users reach their own row through showOwnCompany.
 */
import { companyLimits, type SettingEntry } from "@balcao/contracts";
import { asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, plans, settings } from "../../db/schema/index.js";
import { presentSetting } from "../settings/settings.queries.js";
import { containsPattern } from "../../db/search.js";

export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export interface CompanyWithPlan {
  company: CompanyRow;
  plan: PlanRow | null;
}

const withPlan = (db: Db) =>
  db.select({ company: companies, plan: plans }).from(companies).leftJoin(plans, eq(plans.id, companies.planId));

export async function findCompany(db: Db, id: number): Promise<CompanyWithPlan | undefined> {
  const [row] = await withPlan(db).where(eq(companies.id, id));
  return row;
}

function searchWhere(searchParam: string): SQL | undefined {
  if (!searchParam) return undefined;
  const pattern = containsPattern(searchParam);
  return or(ilike(companies.name, pattern), ilike(companies.email, pattern));
}

/** One page of companies by name, with the total count of matches. */
export async function pageOfCompanies(db: Db, searchParam: string, pageNumber: number) {
  const where = searchWhere(searchParam);
  const [rows, [total]] = await Promise.all([
    withPlan(db)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(companyLimits.pageSize)
      .offset((pageNumber - 1) * companyLimits.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export function allCompanies(db: Db): Promise<CompanyWithPlan[]> {
  return withPlan(db).orderBy(asc(companies.name), asc(companies.id));
}

/** The settings of several companies at once, by company id (a super user's view: secrets masked). */
export async function settingsByCompany(db: Db, companyIds: number[]): Promise<Map<number, SettingEntry[]>> {
  const map = new Map<number, SettingEntry[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return map;
  const rows = await db
    .select({ companyId: settings.companyId, key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.companyId, companyIds))
    .orderBy(asc(settings.key));
  for (const { companyId, key, value } of rows)
    map.get(companyId)?.push(presentSetting({ key, value }, { super: true }));
  return map;
}

export async function countCompaniesOnPlan(db: Db, planId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).where(eq(companies.planId, planId));
  return row?.n ?? 0;
}
