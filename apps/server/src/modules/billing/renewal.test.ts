/**
 * The renewal a paid invoice brings (issue 14 item 4, core-platform §4.6,
 * SERVER-BEHAVIOUR "Billing"): the company's due date moves by its
 * recurrence from the later of today and the old due date, so paying early
 * loses no days and paying late does not pay for days already gone.
 */
import type { Recurrence } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, invoices } from "../../db/schema/index.js";
import { buildCompany } from "../../../test/factories.js";
import {
  billingPerFile,
  companyDueDate,
  buildBillingTenant,
  daysFromNow,
  invoiceRow,
  postCheckout,
  refusedLogin,
  withPaymentToken,
  type BillingWorld,
} from "../../../test/billing.js";
import { payInvoice } from "./confirm-payment.js";

let w: BillingWorld;
billingPerFile((world) => (w = world));

const dueDateOf = (companyId: number) => companyDueDate(w.s, companyId);

/** A company due on `dueDate` with that period's invoice; answers the invoice's id. */
async function dueOn(dueDate: string, recurrence: Recurrence) {
  const company = await buildCompany(w.s, { dueDate, recurrence });
  const [invoice] = await w.s.ctx.db
    .insert(invoices)
    .values({ companyId: company.id, detail: "Plano", value: 10, dueDate })
    .returning();
  return { companyId: company.id, invoiceId: invoice!.id };
}

describe("the new due date", () => {
  const early: [Recurrence, string][] = [
    ["MENSAL", "2031-04-20"],
    ["BIMESTRAL", "2031-05-20"],
    ["TRIMESTRAL", "2031-06-20"],
    ["SEMESTRAL", "2031-09-20"],
    ["ANUAL", "2032-03-20"],
  ];
  it.each(early)("paid early, %s counts from the old due date (2031-03-20 → %s)", async (recurrence, expected) => {
    const { companyId, invoiceId } = await dueOn("2031-03-20", recurrence);
    expect(await payInvoice(w.s.ctx, invoiceId, "2031-03-10")).toBe(expected);
    expect(await dueDateOf(companyId)).toBe(expected);
  });

  const late: [Recurrence, string][] = [
    ["MENSAL", "2031-04-10"],
    ["BIMESTRAL", "2031-05-10"],
    ["TRIMESTRAL", "2031-06-10"],
    ["SEMESTRAL", "2031-09-10"],
    ["ANUAL", "2032-03-10"],
  ];
  it.each(late)(
    "paid late, %s counts from the payment day (due 2031-02-01, paid 2031-03-10 → %s)",
    async (r, expected) => {
      const { companyId, invoiceId } = await dueOn("2031-02-01", r);
      expect(await payInvoice(w.s.ctx, invoiceId, "2031-03-10")).toBe(expected);
      expect(await dueDateOf(companyId)).toBe(expected);
    },
  );

  it("paid on the due date itself counts from that day; a month-end due date ends the shorter month", async () => {
    const onTheDay = await dueOn("2031-03-10", "MENSAL");
    expect(await payInvoice(w.s.ctx, onTheDay.invoiceId, "2031-03-10")).toBe("2031-04-10");
    const monthEnd = await dueOn("2031-01-31", "MENSAL");
    expect(await payInvoice(w.s.ctx, monthEnd.invoiceId, "2031-01-20")).toBe("2031-02-28");
  });

  it("moves once however often the invoice is paid", async () => {
    const { companyId, invoiceId } = await dueOn("2031-03-20", "MENSAL");
    const results = await Promise.all([1, 2, 3].map(() => payInvoice(w.s.ctx, invoiceId, "2031-03-10")));
    expect(results.filter(Boolean)).toEqual(["2031-04-20"]);
    expect(await dueDateOf(companyId)).toBe("2031-04-20");
  });
});

describe("through Asaas, today", () => {
  const pay = async (t: Awaited<ReturnType<typeof buildBillingTenant>>, paymentToken?: string) => {
    const res = paymentToken
      ? await withPaymentToken(w.s, paymentToken, {
          method: "POST",
          path: "/subscription",
          body: { invoiceId: t.invoice.id },
        })
      : await postCheckout(w.s, t.admin.token, t.invoice.id);
    expect(res.statusCode).toBe(200);
    const charge = w.asaas.paymentFor(t.invoice.id)!;
    expect(await w.asaas.pay(charge.id, { webhookUrl: w.webhookUrl, webhookToken: w.webhookToken })).toBe(200);
  };
  /** `day` (YYYY-MM-DD) a month on, as the company form's expiry button counts (day kept, or the month's last). */
  const monthAfter = (day: string) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
  };

  it("an early payment keeps the days left: a month after the old due date", async () => {
    const t = await buildBillingTenant(w.s, { dueDate: daysFromNow(6) });
    await pay(t);
    expect(await dueDateOf(t.company.id)).toBe(monthAfter(daysFromNow(6)));
    expect((await invoiceRow(w.s, t.invoice.id)).renewedUntil).toBe(monthAfter(daysFromNow(6)));
  });

  it("a late payment (an expired company) runs a month from today", async () => {
    const t = await buildBillingTenant(w.s, { dueDate: daysFromNow(1) });
    // Expired since: its invoice stays the period's.
    await w.s.ctx.db
      .update(companies)
      .set({ dueDate: daysFromNow(-9) })
      .where(eq(companies.id, t.company.id));
    // Its admin can no longer sign in, but is handed the way to pay.
    const { paymentToken } = await refusedLogin(w.s, t.admin.email);
    expect(paymentToken).toEqual(expect.any(String));
    await pay(t, paymentToken);
    expect(await dueDateOf(t.company.id)).toBe(monthAfter(daysFromNow(0)));
  });
});
