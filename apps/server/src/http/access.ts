/**
 * Every route declares who may call it in `config.access`; the guard reads it.
 * A test walks the route table and fails on any route that declares nothing.
 */
import { can, type Permission } from "@balcao/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import type { SessionCheck } from "../modules/auth/session-check.js";
import type { AccessClaims } from "../modules/auth/tokens.js";
import { assertPlanAllows, type PlanFlag } from "../modules/plans/plan-gate.js";
import type { Db } from "../db/client.js";

/** public: no token; user: any signed-in user; admin: profile admin; super: platform staff. */
export type Access = "public" | "user" | "admin" | "super" | Permission;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The plan feature this route belongs to; refused with ERR_NO_PERMISSION when the plan lacks it. */
    plan?: PlanFlag;
  }
  interface FastifyRequest {
    auth: AccessClaims;
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
      return claims.profile === "admin" || claims.super;
    default:
      return can(claims.profile, access);
  }
}

export function registerAccessGuard(app: FastifyInstance, sessions: Pick<SessionCheck, "verify">, db: Db) {
  app.decorateRequest("auth", null as unknown as AccessClaims);
  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config.access;
    // Unknown routes (404) have no config; let the not-found handler answer.
    if (!req.routeOptions.url || access === "public") return;
    if (!access) throw new AppError("ERR_NO_PERMISSION");
    const token = bearerToken(req);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", undefined, 401);
    // Checked against the user on every call: an ended session or company stops at once.
    req.auth = await sessions.verify(token);
    if (!allowed(access, req.auth)) throw new AppError("ERR_NO_PERMISSION");
    const plan = req.routeOptions.config.plan;
    if (plan) await assertPlanAllows(db, req.auth.companyId, plan);
  });
}
