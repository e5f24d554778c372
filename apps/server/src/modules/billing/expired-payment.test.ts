/**
 * An expired company can pay (issue 14 item 5): its admin's login is refused
 * as before (ERR_SUBSCRIPTION_EXPIRED with the due date) but carries a
 * short-lived payment token, good in X-Payment-Token on GET /invoices/all and
 * POST /subscription of that company only, for nothing else; once Asaas
 * confirms, the company signs in again.
 */
import { paymentTokenHeader } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, invoices, users } from "../../db/schema/index.js";
import { API_PREFIX, listRoutes } from "../../http/app.js";
import {
  billingPerFile,
  buildBillingTenant,
  daysFromNow,
  refusedLogin,
  withPaymentToken,
  type BillingWorld,
} from "../../../test/billing.js";
import { login } from "../../../test/factories.js";
import { refusedSocket } from "../../../test/sockets.js";

let w: BillingWorld;
billingPerFile((world) => (w = world));

/** A company whose due date passed 5 days ago, with that period's invoice open. */
async function expiredTenant() {
  const t = await buildBillingTenant(w.s, { dueDate: daysFromNow(-5), signIn: false });
  return t;
}

const listAsPayer = (token: string) =>
  withPaymentToken(w.s, token, { path: "/invoices/all" }).then((r) => ({ status: r.statusCode, body: r.json() }));
const checkoutAsPayer = (token: string, invoiceId: number) =>
  withPaymentToken(w.s, token, { method: "POST", path: "/subscription", body: { invoiceId, price: 1 } });

describe("the refused login", () => {
  it("hands the admin a payment token beside the expiry date", async () => {
    const t = await expiredTenant();
    const { status, body, paymentToken } = await refusedLogin(w.s, t.admin.email);
    expect(status).toBe(401);
    expect(body).toEqual({
      error: "ERR_SUBSCRIPTION_EXPIRED",
      details: {
        dueDate: daysFromNow(-5),
        paymentToken: expect.any(String),
        paymentTokenExpiresAt: expect.any(String),
      },
    });
    const ttl = Date.parse(body.details!.paymentTokenExpiresAt!) - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    expect(paymentToken).toBeTruthy();
  });

  it("hands nothing to an agent, to a wrong password, or to a company switched off", async () => {
    const t = await expiredTenant();
    const agent = await refusedLogin(w.s, t.agent.email);
    expect(agent.body).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: daysFromNow(-5) } });
    const wrong = await refusedLogin(w.s, t.admin.email, "Wrong1234");
    expect(wrong.body).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    await w.s.ctx.db.update(companies).set({ status: false }).where(eq(companies.id, t.company.id));
    const off = await refusedLogin(w.s, t.admin.email);
    expect(off.paymentToken).toBeUndefined();
  });
});

describe("the payment token", () => {
  it("lists the company's open invoices (not older paid ones) and checks out its invoice for the stored value", async () => {
    const t = await expiredTenant();
    await w.s.ctx.db.insert(invoices).values({
      companyId: t.company.id,
      detail: "old",
      value: 1,
      dueDate: daysFromNow(-40),
      status: "paid",
      paidAt: new Date(Date.now() - 86_400_000),
    });
    const { paymentToken } = await refusedLogin(w.s, t.admin.email);
    const list = await listAsPayer(paymentToken!);
    expect(list.status).toBe(200);
    expect(list.body.invoices.map((i: { id: number }) => i.id)).toEqual([t.invoice.id]);
    // A companyId naming another company changes nothing.
    const other = await buildBillingTenant(w.s);
    const named = await withPaymentToken(w.s, paymentToken!, { path: `/invoices/all?companyId=${other.company.id}` });
    expect(named.json().invoices.map((i: { id: number }) => i.id)).toEqual([t.invoice.id]);

    const res = await checkoutAsPayer(paymentToken!, t.invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().valor).toEqual({ original: t.invoice.value.toFixed(2) });
    const foreign = await checkoutAsPayer(paymentToken!, other.invoice.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "ERR_INVOICE_NOT_FOUND" });
  });

  it("is accepted by nothing else: every other route refuses it, and so does the socket server", async () => {
    const t = await expiredTenant();
    const { paymentToken } = await refusedLogin(w.s, t.admin.email);
    const routes = listRoutes(w.s.app).filter(
      (r) =>
        r.url.startsWith(`${API_PREFIX}/`) &&
        !r.url.startsWith(`${API_PREFIX}/docs`) &&
        r.access !== "public" &&
        r.access !== "payment" &&
        r.method !== "HEAD",
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const url = route.url.replace(/:[^/]+/g, "1");
      const res = await w.s.app.inject({
        method: route.method as "GET",
        url,
        headers: { [paymentTokenHeader]: paymentToken! },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    // As a bearer it is no access token, on the billing routes too.
    for (const path of ["/invoices/all", "/auth/me"]) {
      const res = await w.s.request({ path, token: paymentToken! });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    }
    expect(await refusedSocket(w.s, { token: paymentToken! })).toBe("ERR_SESSION_EXPIRED");
  });

  it("stops working for a token that was tampered with, a user no longer admin, or after a password change", async () => {
    const t = await expiredTenant();
    const { paymentToken } = await refusedLogin(w.s, t.admin.email);
    const [head, payload, signature] = paymentToken!.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const other = await buildBillingTenant(w.s);
    forged.companyId = other.company.id;
    const tampered = [head, Buffer.from(JSON.stringify(forged)).toString("base64url"), signature].join(".");
    expect((await listAsPayer(tampered)).status).toBe(401);
    expect((await listAsPayer("nonsense")).status).toBe(401);

    await w.s.ctx.db.update(users).set({ profile: "user" }).where(eq(users.id, t.admin.id));
    expect((await listAsPayer(paymentToken!)).body).toEqual({ error: "ERR_SESSION_EXPIRED" });
    await w.s.ctx.db.update(users).set({ profile: "admin" }).where(eq(users.id, t.admin.id));
    expect((await listAsPayer(paymentToken!)).status).toBe(200);
    // What a password reset or change does: every token of the user ends.
    await w.s.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, t.admin.id));
    expect((await listAsPayer(paymentToken!)).status).toBe(401);
  });

  it("pays the way back in: Asaas confirms, the invoice shows paid with the new due date, and the admin signs in", async () => {
    const t = await expiredTenant();
    const { paymentToken } = await refusedLogin(w.s, t.admin.email);
    expect((await checkoutAsPayer(paymentToken!, t.invoice.id)).statusCode).toBe(200);
    const charge = w.asaas.paymentFor(t.invoice.id)!;
    await w.asaas.pay(charge.id, { webhookUrl: w.webhookUrl, webhookToken: w.webhookToken });

    // The login page's dialog polls the list: the payment shows up there (paid since the token was issued).
    const [invoice] = (await listAsPayer(paymentToken!)).body.invoices;
    expect(invoice).toMatchObject({ id: t.invoice.id, status: "paid", renewedUntil: expect.any(String) });
    expect(invoice.renewedUntil > daysFromNow(27)).toBe(true);
    const session = await login(w.s, t.admin.email);
    expect(session.body.user.company.dueDate).toBe(invoice.renewedUntil);
  });
});
