/**
 * POST /subscription (issue 14 item 2, "Bad input"): a Pix charge at Asaas for
 * the invoice's stored value, whatever price, plan or card the form sends;
 * card fields go nowhere; one customer per company; an invoice's open charge
 * reused; another company's or a paid invoice refused; a provider failure a
 * clear error with nothing stored.
 */
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, paymentCustomers, settings } from "../../db/schema/index.js";
import { encryptSecret } from "../../secrets/index.js";
import {
  billingPerFile,
  buildBillingTenant,
  checkoutBody,
  daysFromNow,
  invoiceRow,
  postCheckout,
  today,
  type BillingWorld,
} from "../../../test/billing.js";

let w: BillingWorld;
const lines: string[] = [];
billingPerFile(
  (world) => (w = world),
  { LOG_LEVEL: "trace" },
  { logDestination: { write: (l: string) => void lines.push(l) } },
);

const customersOf = (companyId: number) =>
  w.s.ctx.db.select().from(paymentCustomers).where(eq(paymentCustomers.companyId, companyId));

/** The API calls the fake received since `from` (an index into its log). */
const callsSince = (from: number) => w.asaas.requests.slice(from);

describe("POST /subscription", () => {
  it("charges the invoice's stored value by Pix and answers the QR code and the amount", async () => {
    const t = await buildBillingTenant(w.s, { value: 149.9 });
    const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const charge = w.asaas.paymentFor(t.invoice.id)!;
    expect(charge).toMatchObject({ billingType: "PIX", value: 149.9, externalReference: String(t.invoice.id) });
    expect(charge.dueDate).toBe(t.invoice.dueDate);
    expect(body).toEqual({
      invoiceId: t.invoice.id,
      qrcode: {
        qrcode: expect.stringContaining(charge.id),
        imagemQrcode: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
        expirationDate: `${charge.dueDate} 23:59:59`,
      },
      valor: { original: "149.90" },
    });
    expect(await invoiceRow(w.s, t.invoice.id)).toMatchObject({ chargeProvider: "asaas", chargeId: charge.id });
  });

  it("ignores the price, plan, users and connections the client sends, and a value it adds", async () => {
    const t = await buildBillingTenant(w.s, { value: 300 });
    const res = await postCheckout(w.s, t.admin.token, t.invoice.id, { value: 0.01, valor: { original: "0.01" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().valor).toEqual({ original: "300.00" });
    expect(w.asaas.paymentFor(t.invoice.id)?.value).toBe(300);
  });

  it("never sends, stores or logs the card fields", async () => {
    const t = await buildBillingTenant(w.s);
    const from = w.asaas.requests.length;
    lines.length = 0;
    const body = checkoutBody(t.invoice.id, {
      cardNumber: "4000123412341234",
      cvv: "987",
      nameOnCard: "CARD HOLDER X",
    });
    expect((await w.s.request({ method: "POST", path: "/subscription", token: t.admin.token, body })).statusCode).toBe(
      200,
    );
    const sent = JSON.stringify(callsSince(from));
    const logged = lines.join("\n");
    const { rows } = await w.s.ctx.database.raw.query("select * from invoices where id = $1", [t.invoice.id]);
    for (const secret of ["4000123412341234", '987"', "CARD HOLDER X", "12/30"]) {
      expect(sent).not.toContain(secret);
      expect(logged).not.toContain(secret);
      expect(JSON.stringify(rows)).not.toContain(secret);
    }
    // The log did see the call (the capture works).
    expect(logged).toContain("/api/subscription");
  });

  it("registers the company with Asaas once, with its CPF/CNPJ when the form gives one", async () => {
    const t = await buildBillingTenant(w.s);
    const from = w.asaas.requests.length;
    expect((await postCheckout(w.s, t.admin.token, t.invoice.id, { cpfCnpj: "123.456.789-09" })).statusCode).toBe(200);
    const [second] = await w.s.ctx.db
      .insert(invoices)
      .values({ companyId: t.company.id, detail: "next", value: 10, dueDate: daysFromNow(40) })
      .returning();
    await postCheckout(w.s, t.admin.token, second!.id);
    const created = callsSince(from).filter((c) => c.method === "POST" && c.path === "/v3/customers");
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      name: t.company.name,
      cpfCnpj: "12345678909",
      externalReference: `balcao-company-${t.company.id}`,
    });
    const customers = await customersOf(t.company.id);
    expect(customers.map((c) => c.provider)).toEqual(["asaas"]);
    expect(w.asaas.paymentFor(second!.id)?.customer).toBe(customers[0]!.customerId);
  });

  it("reuses the invoice's open charge on a repeated checkout, and makes a new one when Asaas voided it", async () => {
    const t = await buildBillingTenant(w.s);
    const first = (await postCheckout(w.s, t.admin.token, t.invoice.id)).json();
    const again = (await postCheckout(w.s, t.admin.token, t.invoice.id)).json();
    expect(again.qrcode.qrcode).toBe(first.qrcode.qrcode);
    const charges = [...w.asaas.payments.values()].filter((p) => p.externalReference === String(t.invoice.id));
    expect(charges).toHaveLength(1);

    w.asaas.setStatus(charges[0]!.id, "REFUNDED");
    const renewed = (await postCheckout(w.s, t.admin.token, t.invoice.id)).json();
    expect(renewed.qrcode.qrcode).not.toBe(first.qrcode.qrcode);
    expect((await invoiceRow(w.s, t.invoice.id)).chargeId).toBe(w.asaas.paymentFor(t.invoice.id)!.id);
  });

  it("makes one charge when two checkouts of an invoice race", async () => {
    const t = await buildBillingTenant(w.s);
    const answers = await Promise.all([1, 2, 3].map(() => postCheckout(w.s, t.admin.token, t.invoice.id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().qrcode.qrcode)).size).toBe(1);
    expect([...w.asaas.payments.values()].filter((p) => p.externalReference === String(t.invoice.id))).toHaveLength(1);
    expect(await customersOf(t.company.id)).toHaveLength(1);
  });

  it("charges an overdue invoice for today (Asaas takes no past due date)", async () => {
    const t = await buildBillingTenant(w.s, { dueDate: daysFromNow(1) });
    await w.s.ctx.db
      .update(invoices)
      .set({ dueDate: daysFromNow(-4) })
      .where(eq(invoices.id, t.invoice.id));
    expect((await postCheckout(w.s, t.admin.token, t.invoice.id)).statusCode).toBe(200);
    expect(w.asaas.paymentFor(t.invoice.id)?.dueDate).toBe(today());
  });

  it("refuses another company's invoice as if it did not exist, and calls nobody", async () => {
    const owner = await buildBillingTenant(w.s);
    const other = await buildBillingTenant(w.s);
    const from = w.asaas.requests.length;
    const res = await postCheckout(w.s, other.admin.token, owner.invoice.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_INVOICE_NOT_FOUND" });
    expect(callsSince(from)).toEqual([]);
    expect((await invoiceRow(w.s, owner.invoice.id)).chargeId).toBeNull();
  });

  it("refuses a paid invoice with ERR_INVOICE_ALREADY_PAID", async () => {
    const t = await buildBillingTenant(w.s);
    await w.s.ctx.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, t.invoice.id));
    const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_INVOICE_ALREADY_PAID" });
  });

  it("refuses agents and a missing or bad invoice id", async () => {
    const t = await buildBillingTenant(w.s);
    const agent = await postCheckout(w.s, t.agent.token, t.invoice.id);
    expect(agent.statusCode).toBe(403);
    const missing = await w.s.request({
      method: "POST",
      path: "/subscription",
      token: t.admin.token,
      body: { price: 1 },
    });
    expect(missing.json().error).toBe("ERR_VALIDATION");
    // A CPF must have 11 digits and its check digits must hold (Asaas would refuse it): refused before any call.
    const from = w.asaas.requests.length;
    for (const cpfCnpj of ["123", "111.444.777-00", "111.111.111-11", "11.222.333/0001-80"]) {
      const badDocument = await postCheckout(w.s, t.admin.token, t.invoice.id, { cpfCnpj });
      expect(badDocument.json().error, cpfCnpj).toBe("ERR_VALIDATION");
    }
    expect(callsSince(from)).toEqual([]);
    expect(w.asaas.paymentFor(t.invoice.id)).toBeUndefined();
  });
});

describe("when the provider fails", () => {
  it("answers ERR_PAYMENT_PROVIDER_UNAVAILABLE while Asaas is down, and stores nothing", async () => {
    const t = await buildBillingTenant(w.s);
    w.asaas.down = true;
    try {
      const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: "ERR_PAYMENT_PROVIDER_UNAVAILABLE" });
    } finally {
      w.asaas.down = false;
    }
    expect((await invoiceRow(w.s, t.invoice.id)).chargeId).toBeNull();
    expect(await customersOf(t.company.id)).toEqual([]);
  });

  it("reuses the customer Asaas already has for the company when a failed checkout left it behind", async () => {
    const t = await buildBillingTenant(w.s);
    // The customer is made, then the charge fails: nothing is kept here, but Asaas keeps the customer.
    const before = w.asaas.customers.size;
    w.asaas.chargesDown = true;
    try {
      expect((await postCheckout(w.s, t.admin.token, t.invoice.id)).statusCode).toBe(502);
    } finally {
      w.asaas.chargesDown = false;
    }
    expect(w.asaas.customers.size).toBe(before + 1);
    expect(await customersOf(t.company.id)).toEqual([]);
    // The next checkout finds that customer (by its externalReference) instead of making another.
    expect((await postCheckout(w.s, t.admin.token, t.invoice.id)).statusCode).toBe(200);
    expect(w.asaas.customers.size).toBe(before + 1);
    expect((await customersOf(t.company.id))[0]?.customerId).toBe(w.asaas.paymentFor(t.invoice.id)?.customer);
  });

  it("answers ERR_PAYMENT_PROVIDER_REFUSED when Asaas turns the charge down", async () => {
    const t = await buildBillingTenant(w.s);
    // A customer id Asaas no longer has: its refusal of the charge is passed on, nothing new stored.
    await w.s.ctx.db
      .insert(paymentCustomers)
      .values({ companyId: t.company.id, provider: "asaas", customerId: "cus_gone" });
    const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: "ERR_PAYMENT_PROVIDER_REFUSED",
      details: { description: "Customer inválido ou não informado." },
    });
    expect((await invoiceRow(w.s, t.invoice.id)).chargeId).toBeNull();
  });

  it("answers ERR_PAYMENT_PROVIDER_UNAVAILABLE when Asaas refuses our access token", async () => {
    const t = await buildBillingTenant(w.s);
    await setPlatformToken("$aact_wrong");
    try {
      const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe("ERR_PAYMENT_PROVIDER_UNAVAILABLE");
    } finally {
      await setPlatformToken(w.asaas.accessToken);
    }
  });

  it("answers ERR_PAYMENT_NOT_CONFIGURED while the platform has no Asaas token", async () => {
    const t = await buildBillingTenant(w.s);
    await setPlatformToken("");
    try {
      const from = w.asaas.requests.length;
      const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: "ERR_PAYMENT_NOT_CONFIGURED" });
      expect(callsSince(from)).toEqual([]);
    } finally {
      await setPlatformToken(w.asaas.accessToken);
    }
  });
});

async function setPlatformToken(value: string) {
  await w.s.ctx.db
    .update(settings)
    .set({ value: encryptSecret(value) })
    .where(and(eq(settings.companyId, PLATFORM_COMPANY_ID), eq(settings.key, "asaas")));
}
