/**
 * Invoices are made ahead of each company's due date (issue 14 item 1;
 * SERVER-BEHAVIOUR "Billing"): one per company and period (the due date),
 * valued at the plan's value and named after the plan at that moment, never
 * for the platform company, a company switched off, or a free plan (nothing
 * to charge: its due date stays the super users' to keep). One statement,
 * `on conflict` on (company, due date): running it twice, or with
 * sign-up at the same time, makes nothing twice. The period's invoice a
 * super user's earlier date change cancelled (moot-invoices.ts) is open again
 * once that period is the company's again: it is never moot for it.
 */
import { billingLimits, PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";

/** Makes (or opens again) the invoices now due (of one company, or of all); answers how many. */
export async function createDueInvoices(db: Db | Tx, today: string, companyId?: number): Promise<number> {
  const oneCompany = companyId === undefined ? sql`` : sql`and c.id = ${companyId}`;
  const result = await db.execute(sql`
    insert into invoices (company_id, detail, value, due_date)
    select c.id, p.name, p.value, c.due_date
    from companies c
    join plans p on p.id = c.plan_id
    where c.id <> ${PLATFORM_COMPANY_ID} and c.status and c.due_date is not null and p.value > 0
      and c.due_date <= ${today}::date + ${billingLimits.invoiceDaysAhead}::int
      ${oneCompany}
    on conflict (company_id, due_date) do update set status = 'open', updated_at = now()
      where invoices.status = 'cancelled'
    returning id`);
  return (result as { rows: unknown[] }).rows.length;
}
