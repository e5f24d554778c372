/**
 * Every route declares who may call it in `config.access`; the guard reads it.
 * A test walks the route table and fails on any route that declares nothing.
 */
import { can, paymentTokenHeader, type Permission } from "@balcao/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import type { SessionCheck } from "../modules/auth/session-check.js";
import type { AccessClaims } from "../modules/auth/tokens.js";
import { assertPlanAllows, type PlanFlag } from "../modules/plans/plan-gate.js";
import type { Db } from "../db/client.js";

/**
 * public: no token; user: any signed-in user; admin: profile admin; super: platform staff;
 * payment: an admin or super user, or (without a bearer) an expired company's payment pass
 * in the X-Payment-Token header (the billing calls only: GET /invoices/all, POST /subscription).
 */
export type Access = "public" | "user" | "admin" | "super" | "payment" | Permission;

/** What a payment token lets through: one admin, one company, no session (billing/payment-pass.ts). */
export interface PaymentPass {
  userId: number;
  companyId: number;
  /** When the refused login issued it. */
  issuedAt: Date;
}

export interface PaymentPasses {
  /** Throws 401 ERR_SESSION_EXPIRED unless the token is good and its admin still may pay. */
  verify(token: string): Promise<PaymentPass>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The plan feature this route belongs to; refused with ERR_NO_PERMISSION when the plan lacks it. */
    plan?: PlanFlag;
  }
  interface FastifyRequest {
    auth: AccessClaims;
    /** Set instead of `auth` on a "payment" route called with a payment token. */
    paymentPass?: PaymentPass;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : undefined;
}

export function allowed(access: Access, claims: AccessClaims): boolean {
  switch (access) {
    case "public":
    case "user":
      return true;
    case "super":
      return claims.super;
    case "admin":
    case "payment":
      return claims.profile === "admin" || claims.super;
    default:
      return can(claims.profile, access);
  }
}

export function registerAccessGuard(
  app: FastifyInstance,
  sessions: Pick<SessionCheck, "verify">,
  db: Db,
  payments?: PaymentPasses,
) {
  app.decorateRequest("auth", null as unknown as AccessClaims);
  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config.access;
    // Unknown routes (404) have no config; let the not-found handler answer.
    if (!req.routeOptions.url || access === "public") return;
    if (!access) throw new AppError("ERR_NO_PERMISSION");
    const token = bearerToken(req);
    const pass = req.headers[paymentTokenHeader];
    if (access === "payment" && !token && payments && typeof pass === "string" && pass) {
      req.paymentPass = await payments.verify(pass);
      return;
    }
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", undefined, 401);
    // Checked against the user on every call: an ended session or company stops at once.
    req.auth = await sessions.verify(token);
    if (!allowed(access, req.auth)) throw new AppError("ERR_NO_PERMISSION");
    const plan = req.routeOptions.config.plan;
    if (plan) await assertPlanAllows(db, req.auth.companyId, plan);
  });
}
