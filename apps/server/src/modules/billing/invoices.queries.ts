/** Invoice reads, every one scoped by the company. */
import { billingLimits } from "@balcao/contracts";
import { and, count, desc, eq, gte, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { invoices } from "../../db/schema/index.js";
import { containsPattern } from "../../db/search.js";

export type InvoiceRow = typeof invoices.$inferSelect;
type Source = Db | Tx;

export interface InvoiceFilter {
  companyId: number;
  searchParam: string;
  /** Only open invoices, and those paid at or after this moment (an expired company's payment token). */
  openOrPaidSince?: Date;
}

function whereOf(f: InvoiceFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(invoices.companyId, f.companyId)];
  const text = f.searchParam.trim();
  if (text) {
    const byId = /^\d{1,9}$/.test(text) ? eq(invoices.id, Number(text)) : undefined;
    conditions.push(or(ilike(invoices.detail, containsPattern(text)), byId));
  }
  if (f.openOrPaidSince) {
    conditions.push(or(eq(invoices.status, "open"), gte(invoices.paidAt, f.openOrPaidSince)));
  }
  return and(...conditions)!;
}

/** One page, the latest period first, and how many match in all. */
export async function pageOfInvoices(db: Db, f: InvoiceFilter, pageNumber: number) {
  const where = whereOf(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id))
      .limit(billingLimits.pageSize)
      .offset((pageNumber - 1) * billingLimits.pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export function findInvoice(db: Source, companyId: number, id: number) {
  return db.query.invoices.findFirst({ where: and(eq(invoices.id, id), eq(invoices.companyId, companyId)) });
}

/** The invoice a provider charge belongs to (a charge we made; nothing for anybody else's). */
export function invoiceOfCharge(db: Source, provider: string, chargeId: string) {
  return db.query.invoices.findFirst({
    where: and(eq(invoices.chargeProvider, provider), eq(invoices.chargeId, chargeId)),
  });
}
