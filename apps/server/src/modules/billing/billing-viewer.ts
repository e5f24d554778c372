/** Who asks about a company's invoices: a signed-in admin or super user, or an expired company's payment pass. */
import type { FastifyRequest } from "fastify";

export interface BillingViewer {
  companyId: number;
  super: boolean;
  /** A payment pass sees the open invoices and those paid since it was issued (to watch its payment land). */
  paidSince?: Date;
}

/** Of a "payment" route's request: the guard set either the pass or the signed-in claims. */
export function billingViewerOf(req: FastifyRequest): BillingViewer {
  const pass = req.paymentPass;
  if (pass) return { companyId: pass.companyId, super: false, paidSince: pass.issuedAt };
  return { companyId: req.auth.companyId, super: req.auth.super };
}
