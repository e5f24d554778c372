/** Access and refresh JWTs. Secrets come from the environment or are generated once and stored. */
import { createSecretKey, randomBytes } from "node:crypto";
import { auth as authConstants, billingLimits } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import jwt from "jsonwebtoken";
import { AppError } from "../../http/errors.js";
import type { Db } from "../../db/client.js";
import { appSecrets } from "../../db/schema/index.js";

export interface AccessClaims {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  /** The login this token belongs to: checked against the user on every call (session-check.ts). */
  sessionId: string;
  tokenVersion: number;
}

/** A verified access token: its claims and when it expires (ms since the epoch). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

export interface RefreshClaims {
  id: number;
  tokenVersion: number;
  sessionId: string;
  /** Unique per issued token: the session's current one is recorded on the user (single use). */
  jti: string;
  /** Seconds since the epoch; with the jti it makes the same token again (a grace answer). */
  issuedAt: number;
}

/**
 * An expired company's admin may pay its invoice without a session (issue 14
 * item 5): the refused login hands out this token, signed with its own secret
 * (so it never passes as an access token), good for the billing calls only.
 */
export interface PaymentClaims {
  id: number;
  companyId: number;
  tokenVersion: number;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export interface Tokens {
  signAccess(claims: AccessClaims): string;
  verifyAccess(token: string): VerifiedAccess;
  signRefresh(claims: RefreshClaims): string;
  verifyRefresh(token: string): RefreshClaims;
  signPayment(claims: Omit<PaymentClaims, "issuedAt">): { token: string; expiresAt: Date };
  /** Throws 401 ERR_SESSION_EXPIRED for a bad or expired one: the person signs in again. */
  verifyPayment(token: string): PaymentClaims;
}

/** A fresh refresh token identity: a random jti, issued now (whole seconds, as JWTs count). */
export function newRefreshId(): { jti: string; issuedAt: number } {
  return { jti: randomBytes(12).toString("base64url"), issuedAt: Math.floor(Date.now() / 1000) };
}

async function secret(db: Db, key: string, given: string | undefined): Promise<string> {
  if (given) return given;
  const generated = randomBytes(48).toString("base64url");
  await db.insert(appSecrets).values({ key, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return row.value;
}

export async function createTokens(db: Db, env: { JWT_SECRET?: string; JWT_REFRESH_SECRET?: string }): Promise<Tokens> {
  // Key objects built once: given a string, the library tries it as a public key on every call first.
  const accessSecret = createSecretKey(Buffer.from(await secret(db, "jwt_secret", env.JWT_SECRET)));
  const refreshSecret = createSecretKey(Buffer.from(await secret(db, "jwt_refresh_secret", env.JWT_REFRESH_SECRET)));
  // Always generated: no setting could make it equal to the access secret.
  const paymentSecret = createSecretKey(Buffer.from(await secret(db, "payment_token_secret", undefined)));
  const opts = { algorithm: "HS256" as const };
  return {
    signAccess: (c) =>
      jwt.sign(
        { id: c.id, companyId: c.companyId, profile: c.profile, super: c.super, sid: c.sessionId, tv: c.tokenVersion },
        accessSecret,
        { ...opts, expiresIn: authConstants.accessTokenTtlSeconds },
      ),
    verifyAccess(token) {
      let p: jwt.JwtPayload;
      try {
        p = jwt.verify(token, accessSecret, { algorithms: ["HS256"] }) as jwt.JwtPayload;
      } catch {
        // 403 makes the client refresh once (DESIGN §4).
        throw new AppError("ERR_INVALID_TOKEN");
      }
      // A token from before sessions were checked per call carries no session: refreshing gives one.
      if (typeof p.sid !== "string" || typeof p.tv !== "number") throw new AppError("ERR_INVALID_TOKEN");
      return {
        id: Number(p.id),
        companyId: Number(p.companyId),
        profile: String(p.profile),
        super: Boolean(p.super),
        sessionId: p.sid,
        tokenVersion: p.tv,
        expiresAt: Number(p.exp) * 1000,
      };
    },
    // The jwtid makes every issued refresh token distinct, so the cookie really
    // rotates even when two are signed within the same second.
    signRefresh: (c) =>
      jwt.sign({ id: c.id, tokenVersion: c.tokenVersion, sid: c.sessionId, iat: c.issuedAt }, refreshSecret, {
        ...opts,
        expiresIn: authConstants.refreshTokenTtlSeconds,
        jwtid: c.jti,
      }),
    verifyRefresh(token) {
      try {
        const p = jwt.verify(token, refreshSecret, { algorithms: ["HS256"] }) as jwt.JwtPayload;
        return {
          id: Number(p.id),
          tokenVersion: Number(p.tokenVersion),
          sessionId: String(p.sid),
          jti: String(p.jti),
          issuedAt: Number(p.iat),
        };
      } catch {
        throw new AppError("ERR_INVALID_REFRESH_TOKEN");
      }
    },
    signPayment(c) {
      const ttl = billingLimits.paymentTokenTtlSeconds;
      const token = jwt.sign({ id: c.id, companyId: c.companyId, tv: c.tokenVersion, use: "payment" }, paymentSecret, {
        ...opts,
        expiresIn: ttl,
      });
      const { exp } = jwt.decode(token) as jwt.JwtPayload;
      return { token, expiresAt: new Date(Number(exp) * 1000) };
    },
    verifyPayment(token) {
      try {
        const p = jwt.verify(token, paymentSecret, { algorithms: ["HS256"] }) as jwt.JwtPayload;
        if (p.use !== "payment") throw new Error("not a payment token");
        return {
          id: Number(p.id),
          companyId: Number(p.companyId),
          tokenVersion: Number(p.tv),
          issuedAt: Number(p.iat),
        };
      } catch {
        throw new AppError("ERR_SESSION_EXPIRED", undefined, 401);
      }
    },
  };
}
