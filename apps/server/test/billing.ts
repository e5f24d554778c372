/**
 * Billing tests' world: the real server talking real HTTP to a fake Asaas
 * (fake-asaas.ts), the platform's tokens set by the super admin through
 * PUT /settings as an operator would, and companies with an invoice to pay.
 */
import { randomBytes } from "node:crypto";
import { paymentTokenHeader, type Recurrence } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import { companies, invoices } from "../src/db/schema/index.js";
import { createDueInvoices } from "../src/modules/billing/create-invoices.js";
import type { ServerOptions } from "../src/server.js";
import { buildCompany, buildPlan, buildUser, login, PASSWORD } from "./factories.js";
import { startFakeAsaas, type FakeAsaas } from "./fake-asaas.js";
import { ADMIN, startTestServer, type TestServer } from "./harness.js";
import { closeAllSockets } from "./sockets.js";

export interface BillingWorld {
  s: TestServer;
  asaas: FakeAsaas;
  /** The token Asaas must send (asaas-access-token), as set in the platform's settings. */
  webhookToken: string;
  /** Where Asaas posts: {host}/payments/asaas/webhook on the running server. */
  webhookUrl: string;
  superToken: string;
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysFromNow = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));
export const today = () => daysFromNow(0);

async function putSetting(s: TestServer, token: string, key: string, value: string) {
  const res = await s.request({ method: "PUT", path: `/settings/${key}`, token, body: { key, value } });
  if (res.statusCode !== 200) throw new Error(`PUT /settings/${key}: ${res.statusCode} ${res.body}`);
}

/** serverPerFile with a fake Asaas the server is pointed at (ASAAS_URL) and configured for. */
export function billingPerFile(
  use: (w: BillingWorld) => void,
  env: Record<string, string> = {},
  options?: ServerOptions,
) {
  let world: BillingWorld | undefined;
  beforeAll(async () => {
    const asaas = await startFakeAsaas();
    // No job worker: the re-check's schedule must not pay a charge behind a test's back (tests run it themselves).
    const s = await startTestServer({ ASAAS_URL: asaas.url, ...env }, { workJobs: false, ...options });
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    const webhookToken = `whk_${randomBytes(16).toString("hex")}`;
    await putSetting(s, superToken, "asaas", asaas.accessToken);
    await putSetting(s, superToken, "asaasWebhookToken", webhookToken);
    world = { s, asaas, webhookToken, webhookUrl: `${s.url}/api/payments/asaas/webhook`, superToken };
    use(world);
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await world?.s.close();
    await world?.asaas.close();
  });
}

export interface BillingTenantOptions {
  dueDate?: string;
  value?: number;
  recurrence?: Recurrence;
  /** Sign the admin and agent in (not for an expired company: its login is refused). */
  signIn?: boolean;
}

/** A company on a plan of `value`, due on `dueDate` (in 5 days), with an admin and an agent, and its invoice made. */
export async function buildBillingTenant(s: TestServer, opts: BillingTenantOptions = {}) {
  const plan = await buildPlan(s, { value: opts.value ?? 49.9 });
  const company = await buildCompany(s, {
    planId: plan.id,
    dueDate: opts.dueDate ?? daysFromNow(5),
    recurrence: opts.recurrence ?? "MENSAL",
  });
  const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
  const agent = await buildUser(s, { companyId: company.id, profile: "user" });
  await createDueInvoices(s.ctx.db, today(), company.id);
  const [invoice] = await s.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.dueDate, company.dueDate!)));
  const signIn = opts.signIn ?? true;
  return {
    plan,
    company,
    invoice: invoice!,
    admin: { ...admin, token: signIn ? (await login(s, admin.email)).token : "" },
    agent: { ...agent, token: signIn ? (await login(s, agent.email)).token : "" },
  };
}

/** The company's due date as it is now. */
export async function companyDueDate(s: TestServer, companyId: number) {
  const [row] = await s.ctx.db
    .select({ dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.dueDate;
}

/** The invoice row as it is now. */
export async function invoiceRow(s: TestServer, id: number) {
  const [row] = await s.ctx.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** POST /subscription as the spec's client sends it: the whole form, card fields and a plan of its choosing included. */
export function checkoutBody(invoiceId: number, extra: Record<string, unknown> = {}) {
  return {
    firstName: "Maria",
    lastName: "Silva",
    address2: "Rua A, 1",
    city: "São Paulo",
    state: "SP",
    zipcode: "01001000",
    country: "BR",
    useAddressForPaymentDetails: false,
    nameOnCard: "MARIA SILVA",
    cardNumber: "4111111111111111",
    expiryDate: "12/30",
    cvv: "123",
    plan: JSON.stringify({ title: "Cheap", planId: 1, price: 1, users: 99, connections: 99, queues: 99 }),
    price: 1,
    users: 99,
    connections: 99,
    invoiceId,
    ...extra,
  };
}

export function postCheckout(s: TestServer, token: string, invoiceId: number, extra: Record<string, unknown> = {}) {
  return s.request({ method: "POST", path: "/subscription", token, body: checkoutBody(invoiceId, extra) });
}

/** The payment token an expired company's admin is handed with the refused login (undefined when none). */
export async function refusedLogin(s: TestServer, email: string, password = PASSWORD) {
  const res = await s.request({ method: "POST", path: "/auth/login", body: { email, password } });
  const body = res.json<{
    error: string;
    details?: { dueDate?: string; paymentToken?: string; paymentTokenExpiresAt?: string };
  }>();
  return { status: res.statusCode, body, paymentToken: body.details?.paymentToken };
}

/** A billing call with the payment token (X-Payment-Token), as the login page's payment dialog makes it. */
export function withPaymentToken(
  s: TestServer,
  paymentToken: string,
  req: { method?: "GET" | "POST"; path: string; body?: unknown },
) {
  return s.request({ ...req, headers: { [paymentTokenHeader]: paymentToken } });
}
