/**
 * Payment confirmation (issue 14 item 4): POST {host}/payments/asaas/webhook
 * only with the configured asaas-access-token, then only what Asaas itself
 * says of the charge; an invoice paid once, its company renewed once and told
 * on company-{id}-payment (that company only); the re-check job renews a
 * company whose webhook was lost.
 */
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings } from "../../db/schema/index.js";
import { encryptSecret } from "../../secrets/index.js";
import {
  billingPerFile,
  companyDueDate,
  buildBillingTenant,
  daysFromNow,
  invoiceRow,
  postCheckout,
  type BillingWorld,
} from "../../../test/billing.js";
import { connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { recheckCharges } from "./recheck-charges.job.js";

let w: BillingWorld;
billingPerFile((world) => (w = world));

/** A company with its invoice checked out: the charge waits at Asaas. */
async function checkedOut(opts: Parameters<typeof buildBillingTenant>[1] = {}) {
  const t = await buildBillingTenant(w.s, opts);
  const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  return { ...t, chargeId: w.asaas.paymentFor(t.invoice.id)!.id };
}

const dueDateOf = (companyId: number) => companyDueDate(w.s, companyId);

/** Posts a webhook as Asaas would, with `token` in asaas-access-token (null: no such header). */
function webhook(body: unknown, token: string | null = w.webhookToken) {
  return fetch(w.webhookUrl, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === null ? {} : { "asaas-access-token": token }) },
    body: JSON.stringify(body),
  });
}

const paidNotice = (chargeId: string, event = "PAYMENT_RECEIVED") => ({
  id: "evt_1",
  event,
  payment: { object: "payment", id: chargeId, status: "RECEIVED", value: 0.01 },
});

describe("the Asaas webhook", () => {
  it("is at {host}/payments/asaas/webhook and renews the company once Asaas has the charge paid", async () => {
    const t = await checkedOut({ dueDate: daysFromNow(5) });
    const status = await w.asaas.pay(t.chargeId, { webhookUrl: w.webhookUrl, webhookToken: w.webhookToken });
    expect(status).toBe(200);
    const renewed = await dueDateOf(t.company.id);
    expect(renewed).not.toBe(t.company.dueDate);
    expect(await invoiceRow(w.s, t.invoice.id)).toMatchObject({ status: "paid", renewedUntil: renewed });
    expect((await invoiceRow(w.s, t.invoice.id)).paidAt).toBeInstanceOf(Date);
  });

  it("refuses a notice without the token, with a wrong one, or while no token is configured; nothing changes", async () => {
    const t = await checkedOut();
    w.asaas.setStatus(t.chargeId, "RECEIVED");
    for (const token of [null, "", "wrong", `${w.webhookToken}x`, w.webhookToken.slice(0, -1)]) {
      const res = await webhook(paidNotice(t.chargeId), token);
      expect(res.status, String(token)).toBe(403);
      expect(await res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    // Before its body is validated: a body that would not validate gets the same refusal.
    const garbage = await fetch(w.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "asaas-access-token": "wrong" },
      body: JSON.stringify({ event: 42 }),
    });
    expect(garbage.status).toBe(403);
    await w.s.ctx.db
      .update(settings)
      .set({ value: "" })
      .where(and(eq(settings.companyId, PLATFORM_COMPANY_ID), eq(settings.key, "asaasWebhookToken")));
    try {
      expect((await webhook(paidNotice(t.chargeId), "")).status).toBe(403);
    } finally {
      await w.s.ctx.db
        .update(settings)
        .set({ value: encryptSecret(w.webhookToken) })
        .where(and(eq(settings.companyId, PLATFORM_COMPANY_ID), eq(settings.key, "asaasWebhookToken")));
    }
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("open");
    expect(await dueDateOf(t.company.id)).toBe(t.company.dueDate);
  });

  it("changes nothing for a forged 'paid' notice of a charge Asaas still has pending", async () => {
    const t = await checkedOut();
    const res = await webhook(paidNotice(t.chargeId));
    expect(res.status).toBe(200);
    const confirmed = await webhook(paidNotice(t.chargeId, "PAYMENT_CONFIRMED"));
    expect(confirmed.status).toBe(200);
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("open");
    expect(await dueDateOf(t.company.id)).toBe(t.company.dueDate);
  });

  it("acknowledges an unknown charge and other events, changing nothing", async () => {
    const t = await checkedOut();
    expect((await webhook(paidNotice("pay_unknown"))).status).toBe(200);
    w.asaas.setStatus(t.chargeId, "RECEIVED");
    for (const event of ["PAYMENT_CREATED", "PAYMENT_UPDATED", "PAYMENT_OVERDUE"]) {
      expect((await webhook(paidNotice(t.chargeId, event))).status).toBe(200);
    }
    expect((await webhook({})).status).toBe(200);
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("open");
  });

  it("pays once: a repeated notice and one out of order (CONFIRMED after RECEIVED) change nothing more", async () => {
    const t = await checkedOut({ dueDate: daysFromNow(5), recurrence: "MENSAL" });
    const options = { webhookUrl: w.webhookUrl, webhookToken: w.webhookToken };
    await w.asaas.pay(t.chargeId, options);
    const once = await dueDateOf(t.company.id);
    const paidAt = (await invoiceRow(w.s, t.invoice.id)).paidAt;
    const repeats = await Promise.all([
      w.asaas.notify(t.chargeId, options),
      w.asaas.notify(t.chargeId, options),
      w.asaas.notify(t.chargeId, { ...options, event: "PAYMENT_CONFIRMED" }),
    ]);
    expect(repeats).toEqual([200, 200, 200]);
    expect(await dueDateOf(t.company.id)).toBe(once);
    expect((await invoiceRow(w.s, t.invoice.id)).paidAt).toEqual(paidAt);
  });

  it("tells that company's sockets, and nobody else's, the new due date", async () => {
    const t = await checkedOut();
    const other = await buildBillingTenant(w.s);
    const own = await connectSocket(w.s, t.agent.token);
    const foreign = await connectSocket(w.s, other.admin.token);
    const heard = nextEvent<{ action: string; company: { id: number; dueDate: string } }>(
      own,
      `company-${t.company.id}-payment`,
    );
    const overheard = record(foreign, `company-${t.company.id}-payment`);
    const ownChannelOfOther = record(foreign, `company-${other.company.id}-payment`);
    await w.asaas.pay(t.chargeId, { webhookUrl: w.webhookUrl, webhookToken: w.webhookToken });
    expect(await heard).toEqual({
      action: "CONCLUIDA",
      company: { id: t.company.id, dueDate: await dueDateOf(t.company.id) },
      invoiceId: t.invoice.id,
    });
    await flush(w.s, foreign);
    expect(overheard).toEqual([]);
    expect(ownChannelOfOther).toEqual([]);
  });

  it("answers 5xx when Asaas cannot be asked, so Asaas sends the notice again", async () => {
    const t = await checkedOut();
    w.asaas.setStatus(t.chargeId, "RECEIVED");
    w.asaas.down = true;
    try {
      expect((await webhook(paidNotice(t.chargeId))).status).toBe(502);
    } finally {
      w.asaas.down = false;
    }
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("open");
    expect((await webhook(paidNotice(t.chargeId))).status).toBe(200);
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("paid");
  });
});

describe("a lost webhook", () => {
  it("is made up for by the re-check job, which pays only what Asaas has paid", async () => {
    const paid = await checkedOut({ dueDate: daysFromNow(5) });
    const pending = await checkedOut();
    w.asaas.setStatus(paid.chargeId, "RECEIVED");
    await recheckCharges.run(w.s.ctx, {});
    expect((await invoiceRow(w.s, paid.invoice.id)).status).toBe("paid");
    expect(await dueDateOf(paid.company.id)).not.toBe(paid.company.dueDate);
    expect((await invoiceRow(w.s, pending.invoice.id)).status).toBe("open");
    // Again: nothing more.
    const renewed = await dueDateOf(paid.company.id);
    await recheckCharges.run(w.s.ctx, {});
    expect(await dueDateOf(paid.company.id)).toBe(renewed);
  });

  it("is also noticed by a new checkout of the invoice, which then answers ERR_INVOICE_ALREADY_PAID", async () => {
    const t = await checkedOut();
    w.asaas.setStatus(t.chargeId, "RECEIVED");
    const res = await postCheckout(w.s, t.admin.token, t.invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_INVOICE_ALREADY_PAID" });
    expect((await invoiceRow(w.s, t.invoice.id)).status).toBe("paid");
  });
});
