/**
 * Billing in specs (billing.spec.ts, billing-admin.spec.ts): an invoice as the
 * API lists it, dates and money as the pages write them, and the checkout's
 * steps as a payer fills them.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";
import { t } from "./i18n.js";
import type { apiAsPage } from "./pages.js";

/** YYYY-MM-DD plus `months` calendar months, the day kept or clamped to the month's end (§4.6 table). */
export function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}
export const ddmmyyyy = (ymd: string) => ymd.split("-").reverse().join("/");
export const brl = (value: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);

export interface Invoice {
  id: number;
  value: number;
  dueDate: string;
  status: string;
  renewedUntil: string | null;
}

/**
 * The checkout opens on its first step, the payer's data, checked before it is left (so Pay never asks
 * for an address after the fact: issue 30 item 11); then the plan card and the review.
 */
export async function fillCheckout(page: Page, valueText: string) {
  const dialog = page.getByTestId("checkout-dialog");
  await expect(dialog.getByTestId("checkout-step-data")).toBeVisible();
  await expect(dialog.getByTestId("checkout-back")).toBeDisabled();
  await expect(dialog.getByTestId("checkout-pix-notice")).toHaveText(t("pt", "checkoutPage.pixNotice"));
  // No card field anywhere: Pix needs none.
  await expect(dialog.locator("input[name*=card i], input[name=cvv]")).toHaveCount(0);
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("checkout-address2")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByTestId("checkout-firstName").fill("Maria Pagadora");
  await dialog.getByTestId("checkout-address2").fill("Rua das Flores, 100");
  await dialog.getByTestId("checkout-city").fill("São Paulo");
  await dialog.getByTestId("checkout-state").fill("SP");
  await dialog.getByTestId("checkout-zipcode").fill("01001-000");
  // A CPF whose check digits fail is caught here, before the provider would refuse it.
  await dialog.getByTestId("checkout-cpfCnpj").fill("123.456.789-00");
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByText(t("pt", "checkoutPage.validation.cpfCnpj"))).toBeVisible();
  await dialog.getByTestId("checkout-cpfCnpj").fill("123.456.789-09");
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("checkout-plan-value")).toHaveText(valueText);
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("checkout-step-review")).toBeVisible();
  return dialog;
}

/** The company's invoices, first page. */
export async function invoicesOf(api: ReturnType<typeof apiAsPage>): Promise<Invoice[]> {
  return (await api<{ invoices: Invoice[] }>("GET", "/invoices/all?pageNumber=1", undefined)).invoices;
}
