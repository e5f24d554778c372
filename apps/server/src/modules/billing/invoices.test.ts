/**
 * Invoices (issue 14 item 1): one per company and period, ahead of the due
 * date, at the plan's value then, never for the platform company; sign-up's
 * first invoice at once; GET /invoices/all for the company's admins and super
 * users only, paged like the other lists.
 */
import { billingLimits, PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, invoices, plans } from "../../db/schema/index.js";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";
import {
  billingPerFile,
  buildBillingTenant,
  daysFromNow,
  postCheckout,
  today,
  type BillingWorld,
} from "../../../test/billing.js";
import { expectListIsolation } from "../../../test/tenancy.js";
import { createInvoices } from "./create-invoices.job.js";

let w: BillingWorld;
billingPerFile((world) => (w = world));

const invoicesOf = (companyId: number) =>
  w.s.ctx.db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(invoices.dueDate);

const runDaily = () => createInvoices.run(w.s.ctx, {});

describe("the daily invoice job", () => {
  it("makes one invoice for the period ahead of the due date, at the plan's value and name, however often it runs", async () => {
    const plan = await buildPlan(w.s, { value: 129.9 });
    const company = await buildCompany(w.s, { planId: plan.id, dueDate: daysFromNow(7) });
    await runDaily();
    await runDaily();
    await Promise.all([runDaily(), runDaily()]);
    const rows = await invoicesOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 129.9, detail: plan.name, dueDate: company.dueDate, status: "open" });
  });

  it("waits until the due date is within the window, and values the invoice at the plan as it is then", async () => {
    const plan = await buildPlan(w.s, { value: 50 });
    const far = daysFromNow(billingLimits.invoiceDaysAhead + 1);
    const company = await buildCompany(w.s, { planId: plan.id, dueDate: far });
    await runDaily();
    expect(await invoicesOf(company.id)).toHaveLength(0);

    await w.s.ctx.db.update(plans).set({ value: 75 }).where(eq(plans.id, plan.id));
    await w.s.ctx.db
      .update(companies)
      .set({ dueDate: daysFromNow(10) })
      .where(eq(companies.id, company.id));
    await runDaily();
    const [invoice] = await invoicesOf(company.id);
    expect(invoice?.value).toBe(75);

    // A later price change leaves the invoice already made as it was.
    await w.s.ctx.db.update(plans).set({ value: 999 }).where(eq(plans.id, plan.id));
    await runDaily();
    expect((await invoicesOf(company.id)).map((r) => r.value)).toEqual([75]);
  });

  it("makes the next period's invoice once the due date moves on, and one for an expired company too", async () => {
    const company = await buildCompany(w.s, { dueDate: daysFromNow(-20) });
    await runDaily();
    expect((await invoicesOf(company.id)).map((r) => r.dueDate)).toEqual([daysFromNow(-20)]);
    await w.s.ctx.db
      .update(companies)
      .set({ dueDate: daysFromNow(3) })
      .where(eq(companies.id, company.id));
    await runDaily();
    expect((await invoicesOf(company.id)).map((r) => r.dueDate)).toEqual([daysFromNow(-20), daysFromNow(3)]);
  });

  it("never bills a free plan (nothing to charge)", async () => {
    const free = await buildPlan(w.s, { value: 0 });
    const company = await buildCompany(w.s, { planId: free.id, dueDate: daysFromNow(2) });
    await runDaily();
    expect(await invoicesOf(company.id)).toHaveLength(0);
  });

  it("never bills the platform company, a company switched off, or one without a due date", async () => {
    await w.s.ctx.db
      .update(companies)
      .set({ dueDate: daysFromNow(2) })
      .where(eq(companies.id, PLATFORM_COMPANY_ID));
    const off = await buildCompany(w.s, { dueDate: daysFromNow(2), status: false });
    const undated = await buildCompany(w.s, { dueDate: null });
    await runDaily();
    expect(await invoicesOf(PLATFORM_COMPANY_ID)).toHaveLength(0);
    expect(await invoicesOf(off.id)).toHaveLength(0);
    expect(await invoicesOf(undated.id)).toHaveLength(0);
    await w.s.ctx.db.update(companies).set({ dueDate: null }).where(eq(companies.id, PLATFORM_COMPANY_ID));
  });

  it("is a durable daily schedule kept by pg-boss", async () => {
    const { rows } = await w.s.ctx.database.raw.query<{ name: string; cron: string }>(
      "select name, cron from pgboss.schedule where name in ('create-invoices', 'recheck-charges') order by name",
    );
    expect(rows).toEqual([
      { name: "create-invoices", cron: "10 3 * * *" },
      { name: "recheck-charges", cron: "*/5 * * * *" },
    ]);
  });
});

describe("a super user's due date", () => {
  it("set near or past, has its invoice at once (payable before the daily run)", async () => {
    const company = await buildCompany(w.s, { dueDate: "2099-01-01" });
    const res = await w.s.request({
      method: "PUT",
      path: `/companies/${company.id}`,
      token: w.superToken,
      body: { dueDate: daysFromNow(-2) },
    });
    expect(res.statusCode).toBe(200);
    expect((await invoicesOf(company.id)).map((r) => r.dueDate)).toEqual([daysFromNow(-2)]);
  });

  it("moved on, cancels the open invoices of the period it left: neither overdue nor payable, the new one open", async () => {
    // An overdue invoice, as the issue found it ("Vencido", what "sign now" opened) …
    const t = await buildBillingTenant(w.s, { dueDate: daysFromNow(-3), signIn: false });
    const putDueDate = (dueDate: string) =>
      w.s.request({ method: "PUT", path: `/companies/${t.company.id}`, token: w.superToken, body: { dueDate } });
    // … and the company set active until next week by a super user.
    expect((await putDueDate(daysFromNow(7))).statusCode).toBe(200);
    const rows = await invoicesOf(t.company.id);
    expect(rows.map((r) => [r.dueDate, r.status])).toEqual([
      [daysFromNow(-3), "cancelled"],
      [daysFromNow(7), "open"],
    ]);
    const admin = await login(w.s, t.admin.email);
    const listed = await w.s.request({ method: "GET", path: "/invoices/all?pageNumber=1", token: admin.token });
    expect(listed.json<{ invoices: { id: number; status: string }[] }>().invoices.map((i) => i.status)).toEqual([
      "open",
      "cancelled",
    ]);
    const refused = await postCheckout(w.s, admin.token, t.invoice.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "ERR_INVOICE_CANCELLED" });
    expect(w.asaas.paymentFor(t.invoice.id)).toBeUndefined();

    // Saved again with the same date, nothing changes; back to the old period, its invoice is open again.
    expect((await putDueDate(daysFromNow(7))).statusCode).toBe(200);
    expect((await invoicesOf(t.company.id)).map((r) => r.status)).toEqual(["cancelled", "open"]);
    expect((await putDueDate(daysFromNow(-3))).statusCode).toBe(200);
    expect((await invoicesOf(t.company.id)).map((r) => [r.id, r.status])).toEqual([
      [t.invoice.id, "open"],
      [rows[1]!.id, "cancelled"],
    ]);
  });

  it("never cancels a paid invoice, nor anything when only other fields change", async () => {
    const t = await buildBillingTenant(w.s, { signIn: false });
    await w.s.ctx.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, t.invoice.id));
    const other = await buildBillingTenant(w.s, { signIn: false });
    for (const [id, body] of [
      [t.company.id, { dueDate: daysFromNow(40) }],
      [other.company.id, { name: `Renamed ${other.company.id}` }],
    ] as const) {
      const res = await w.s.request({ method: "PUT", path: `/companies/${id}`, token: w.superToken, body });
      expect(res.statusCode).toBe(200);
    }
    expect((await invoicesOf(t.company.id)).map((r) => r.status)).toEqual(["paid"]);
    expect((await invoicesOf(other.company.id)).map((r) => r.status)).toEqual(["open"]);
  });
});

describe("sign-up", () => {
  it("gives the new company its first invoice at once: the trial's end, at the chosen plan's value", async () => {
    const plan = await buildPlan(w.s, { value: 59.9 });
    const email = `billing-${Date.now()}@example.com`;
    const res = await w.s.request({
      method: "POST",
      path: "/companies/cadastro",
      body: { name: `Signup ${Date.now()}`, email, password: "Secret123", planId: plan.id, phone: "11999998888" },
    });
    expect(res.statusCode).toBe(201);
    const { id, dueDate } = res.json<{ id: number; dueDate: string }>();
    expect(dueDate).toBe(daysFromNow(3));
    const rows = await invoicesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dueDate, value: 59.9, detail: plan.name, status: "open" });
    // The daily job does not make it again.
    await runDaily();
    expect(await invoicesOf(id)).toHaveLength(1);
  });
});

describe("GET /invoices/all", () => {
  it("lists the caller's company's invoices to its admin, paged like the other lists", async () => {
    const t = await buildBillingTenant(w.s, { value: 80 });
    const res = await w.s.request({ path: "/invoices/all?pageNumber=1&searchParam=", token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invoices: [
        {
          id: t.invoice.id,
          companyId: t.company.id,
          detail: t.plan.name,
          value: 80,
          dueDate: t.company.dueDate,
          status: "open",
          paidAt: null,
          renewedUntil: null,
          createdAt: expect.any(String),
        },
      ],
      count: 1,
      hasMore: false,
    });
  });

  it("pages 20 at a time, the latest period first, and searches the detail or the id", async () => {
    const t = await buildBillingTenant(w.s);
    // The first invoice's detail is the plan's name, whose random digits could hold the id searched below.
    await w.s.ctx.db.update(invoices).set({ detail: "Plano" }).where(eq(invoices.id, t.invoice.id));
    const rows = Array.from({ length: 22 }, (_, i) => ({
      companyId: t.company.id,
      detail: i === 3 ? "Plano Especial" : "Plano",
      value: 10,
      dueDate: daysFromNow(-30 * (i + 1)),
    }));
    const made = await w.s.ctx.db.insert(invoices).values(rows).returning();
    const page = (q: string) => w.s.request({ path: `/invoices/all?${q}`, token: t.admin.token }).then((r) => r.json());
    const first = await page("pageNumber=1");
    expect(first.invoices).toHaveLength(20);
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.invoices[0].id).toBe(t.invoice.id);
    const second = await page("pageNumber=2");
    expect(second.invoices).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    expect((await page("searchParam=especial")).invoices.map((i: { id: number }) => i.id)).toEqual([made[3]!.id]);
    expect((await page(`searchParam=${made[5]!.id}`)).invoices.map((i: { id: number }) => i.id)).toEqual([made[5]!.id]);
  });

  it("refuses agents (403) and callers without a token (401)", async () => {
    const t = await buildBillingTenant(w.s);
    const agent = await w.s.request({ path: "/invoices/all", token: t.agent.token });
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await w.s.request({ path: "/invoices/all" })).statusCode).toBe(401);
  });

  it("never shows another company's invoices, whatever companyId the query names", async () => {
    const owner = await buildBillingTenant(w.s, { value: 123.45 });
    const other = await buildTenant(w.s);
    await expectListIsolation(w.s, {
      path: "/invoices/all",
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
      secrets: [owner.plan.name],
    });
    const named = await w.s.request({ path: `/invoices/all?companyId=${owner.company.id}`, token: other.admin.token });
    expect(named.statusCode).toBe(200);
    expect(named.json().invoices).toEqual([]);
  });

  it("lets a super user list any company's invoices (the companies screen)", async () => {
    const t = await buildBillingTenant(w.s);
    const res = await w.s.request({ path: `/invoices/all?companyId=${t.company.id}`, token: w.superToken });
    expect(res.json().invoices.map((i: { id: number }) => i.id)).toEqual([t.invoice.id]);
    // A super user of another company than the platform's too.
    const staff = await buildUser(w.s, { companyId: t.company.id, super: true });
    const staffToken = (await login(w.s, staff.email)).token;
    expect((await w.s.request({ path: "/invoices/all", token: staffToken })).json().count).toBe(1);
  });
});

describe("no route pays an invoice or moves a due date", () => {
  it("leaves invoice status and the company's due date alone on every call an admin can make to billing", async () => {
    const t = await buildBillingTenant(w.s);
    const attempts = [
      { method: "POST" as const, path: "/subscription", body: { invoiceId: t.invoice.id, status: "paid" } },
      { method: "PUT" as const, path: `/invoices/${t.invoice.id}`, body: { status: "paid" } },
      { method: "POST" as const, path: `/invoices/${t.invoice.id}/pay`, body: {} },
      { method: "PUT" as const, path: `/companies/${t.company.id}`, body: { dueDate: "2099-12-31" } },
    ];
    for (const a of attempts) await w.s.request({ ...a, token: t.admin.token });
    const [invoice] = await invoicesOf(t.company.id);
    expect(invoice?.status).toBe("open");
    const [company] = await w.s.ctx.db.select().from(companies).where(eq(companies.id, t.company.id));
    expect(company?.dueDate).toBe(t.company.dueDate);
    expect(today() < company!.dueDate!).toBe(true);
  });
});
