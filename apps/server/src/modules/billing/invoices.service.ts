/**
 * GET /invoices/all (core-platform §2.19, §7.8): a company's invoices, to its
 * admins and super users only (the route's access); a super user may name
 * another company (the companies screen), anybody else always gets their own.
 */
import { billingLimits, type InvoiceListResponse } from "@balcao/contracts";
import type { Context } from "../../context.js";
import type { BillingViewer } from "./billing-viewer.js";
import { presentInvoice } from "./invoices.presenter.js";
import { pageOfInvoices } from "./invoices.queries.js";

export interface InvoiceListQuery {
  searchParam: string;
  pageNumber: number;
  companyId?: number;
}

export async function listInvoices(
  ctx: Context,
  viewer: BillingViewer,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const companyId = viewer.super && query.companyId ? query.companyId : viewer.companyId;
  const filter = { companyId, searchParam: query.searchParam, openOrPaidSince: viewer.paidSince };
  const { rows, count } = await pageOfInvoices(ctx.db, filter, query.pageNumber);
  const seen = (query.pageNumber - 1) * billingLimits.pageSize + rows.length;
  return { invoices: rows.map(presentInvoice), count, hasMore: seen < count };
}
