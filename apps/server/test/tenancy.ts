/**
 * The cross-company helper: proves a route never reveals or changes another
 * company's records. Later areas run it against every resource they add.
 */
import { expect } from "vitest";
import type { RequestOptions, TestServer } from "./harness.js";

export interface CrossCompanyCase {
  /** A request that works for the owner company (e.g. GET /contacts/12). */
  request: Omit<RequestOptions, "token">;
  ownerToken: string;
  /** A token of a user of another company (an admin, to give it every permission). */
  otherToken: string;
  /** Strings that must not appear in the other company's answer (names, numbers). */
  secrets?: string[];
}

export async function expectCompanyIsolation(s: TestServer, c: CrossCompanyCase) {
  const owner = await s.request({ ...c.request, token: c.ownerToken });
  expect(owner.statusCode, `owner should reach ${c.request.path}`).toBeLessThan(400);
  const other = await s.request({ ...c.request, token: c.otherToken });
  // Another company's id answers 404 as if it did not exist (DESIGN §4); 403 is also a refusal.
  expect([403, 404], `other company must be refused on ${c.request.method ?? "GET"} ${c.request.path}`).toContain(
    other.statusCode,
  );
  for (const secret of c.secrets ?? []) expect(other.body).not.toContain(secret);
  return { owner, other };
}

/** For list routes: the other company's list must not contain the owner's records. */
export async function expectListIsolation(
  s: TestServer,
  opts: { path: string; ownerToken: string; otherToken: string; secrets: string[] },
) {
  const owner = await s.request({ path: opts.path, token: opts.ownerToken });
  expect(owner.statusCode).toBe(200);
  for (const secret of opts.secrets) expect(owner.body, "owner sees its own records").toContain(secret);
  const other = await s.request({ path: opts.path, token: opts.otherToken });
  for (const secret of opts.secrets) expect(other.body).not.toContain(secret);
}
