/**
 * Every API call and socket handshake checks its access token against the
 * user: the session it belongs to is still the user's current one, and the
 * company may still work. One small query per user, trusted for a few seconds
 * by this process; whatever ends or changes a session forgets it here at once
 * (session-end.ts). Other processes ask again within those seconds.
 */
import { auth as authConstants, type ErrorCode } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { isExpired } from "../companies/subscription.js";
import type { AccessClaims, Tokens, VerifiedAccess } from "./tokens.js";

interface SessionState {
  sessionId: string | null;
  tokenVersion: number;
  profile: string;
  super: boolean;
  companyId: number;
  companyStatus: boolean;
  dueDate: string | null;
}

export interface SessionCheck {
  /**
   * The claims of an access token whose session is live. Throws 403 ERR_INVALID_TOKEN for a bad,
   * expired or stale token (the client refreshes), 401 when the session ended or the company may not work.
   */
  verify(token: string): Promise<VerifiedAccess>;
  forgetUser(userId: number): void;
  forgetCompany(companyId: number): void;
}

/** Beyond this many cached users the expired entries go (bounded memory). */
const MAX_ENTRIES = 10_000;

function loadState(db: Db, userId: number): Promise<SessionState | undefined> {
  return db
    .select({
      sessionId: users.sessionId,
      tokenVersion: users.tokenVersion,
      profile: users.profile,
      super: users.super,
      companyId: users.companyId,
      companyStatus: companies.status,
      dueDate: companies.dueDate,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

interface Entry {
  at: number;
  state: Promise<SessionState | undefined>;
  /** Known once loaded (0: no such user). */
  companyId?: number;
}

/** The refusal a token gets against the user's current state, or none. */
function refusal(claims: AccessClaims, state: SessionState | undefined): AppError | undefined {
  if (!state || state.sessionId !== claims.sessionId || state.tokenVersion !== claims.tokenVersion) {
    return new AppError("ERR_SESSION_EXPIRED", undefined, 401);
  }
  // 401 (not the login's 403) for the company: the client signs out rather than refreshing.
  if (!state.companyStatus) return new AppError("ERR_COMPANY_INACTIVE", undefined, 401);
  if (isExpired({ id: state.companyId, dueDate: state.dueDate })) {
    return new AppError("ERR_SUBSCRIPTION_EXPIRED", { dueDate: state.dueDate }, 401);
  }
  // A changed profile: 403 makes the client refresh once, which issues a token with the new one.
  if (state.profile !== claims.profile || state.super !== claims.super || state.companyId !== claims.companyId) {
    return new AppError("ERR_INVALID_TOKEN");
  }
  return undefined;
}

export function createSessionCheck(
  db: Db,
  tokens: Pick<Tokens, "verifyAccess">,
  ttlMs: number = authConstants.sessionCheckCacheMs,
): SessionCheck {
  // The promise is cached, so parallel calls of one user share a single query.
  const cache = new Map<number, Entry>();

  const prune = (now: number) => {
    for (const [id, entry] of cache) if (now - entry.at >= ttlMs) cache.delete(id);
    if (cache.size >= MAX_ENTRIES) cache.clear();
  };

  /** The user's state, cached or (`fresh`) just asked for. */
  const stateOf = (userId: number) => {
    const now = Date.now();
    const cached = cache.get(userId);
    if (cached && now - cached.at < ttlMs) return { state: cached.state, fresh: false };
    if (cache.size >= MAX_ENTRIES) prune(now);
    const entry: Entry = { at: now, state: loadState(db, userId) };
    cache.set(userId, entry);
    entry.state.then(
      (state) => (entry.companyId = state?.companyId ?? 0),
      () => cache.get(userId) === entry && cache.delete(userId),
    );
    return { state: entry.state, fresh: true };
  };

  return {
    async verify(token) {
      const claims = tokens.verifyAccess(token);
      const first = stateOf(claims.id);
      let refused = refusal(claims, await first.state);
      // Only acceptances are taken from the cache; a refusal is confirmed by a fresh look,
      // as another process may have started or changed the session a moment ago.
      if (refused && !first.fresh) {
        cache.delete(claims.id);
        refused = refusal(claims, await stateOf(claims.id).state);
      }
      if (refused) throw refused;
      return claims;
    },
    forgetUser: (userId) => cache.delete(userId),
    forgetCompany(companyId) {
      // An entry still loading may belong to the company too: forgetting it costs one query.
      for (const [id, entry] of cache) {
        if (entry.companyId === undefined || entry.companyId === companyId) cache.delete(id);
      }
    },
  };
}

/**
 * What a refused socket handshake reads: a bad, expired or stale token
 * ERR_SESSION_EXPIRED, on which the client refreshes once (core-platform §4.5);
 * an ended session or company its own code.
 */
export function handshakeRefusal(err: unknown): ErrorCode {
  if (!(err instanceof AppError)) return "ERR_INTERNAL_SERVER_ERROR";
  return err.code === "ERR_INVALID_TOKEN" ? "ERR_SESSION_EXPIRED" : err.code;
}
