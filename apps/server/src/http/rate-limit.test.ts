/** Login, sign-up and password reset are rate-limited per client (DESIGN §10), here at 3 per minute. */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { buildPlan, buildTenant, PASSWORD } from "../../test/factories.js";
import { users } from "../db/schema/index.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ AUTH_RATE_LIMIT: "3" });
});
afterAll(async () => {
  await s.close();
});

/** A distinct public client address per test, so their budgets do not mix. */
let next = 10;
const client = () => `203.0.113.${next++}`;

function call(remoteAddress: string, method: "POST" | "GET", url: string, body?: object, headers = {}) {
  return s.app.inject({ method, url: `/api${url}`, remoteAddress, headers, ...(body ? { payload: body } : {}) });
}

const uid = () => randomBytes(4).toString("hex");

describe("rate limits", () => {
  it("answers the 4th login within a minute with 429 ERR_TOO_MANY_REQUESTS, failed attempts included", async () => {
    const { admin } = await buildTenant(s);
    const ip = client();
    const statuses = [];
    for (const password of ["Wrong1", "Wrong2", PASSWORD, PASSWORD]) {
      statuses.push((await call(ip, "POST", "/auth/login", { email: admin.email, password })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 200, 429]);
    const limited = await call(ip, "POST", "/auth/login", { email: admin.email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect(limited.headers["retry-after"]).toBeDefined();

    // Another client still signs in.
    expect((await call(client(), "POST", "/auth/login", { email: admin.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("limits sign-up, and the refused sign-up creates nothing", async () => {
    const plan = await buildPlan(s);
    const ip = client();
    const emails = [0, 1, 2, 3].map(() => `rl-${uid()}@example.com`);
    const statuses = [];
    for (const email of emails) {
      const body = { name: `Rate ${uid()}`, email, password: "12345", planId: plan.id };
      statuses.push((await call(ip, "POST", "/companies/cadastro", body)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const [row] = await s.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} = ${emails[3]}`);
    expect(row!.n).toBe(0);
  });

  it("limits /forgetpassword and /resetpasswords", async () => {
    const ip = client();
    const forget = [];
    for (let i = 0; i < 4; i++)
      forget.push((await call(ip, "POST", `/forgetpassword/nobody-${i}@example.com`)).statusCode);
    expect(forget).toEqual([404, 404, 404, 429]);

    const ip2 = client();
    const reset = [];
    for (let i = 0; i < 4; i++) {
      reset.push((await call(ip2, "POST", `/resetpasswords/nobody@example.com/12345${i}/Strong1Pass`)).statusCode);
    }
    expect(reset).toEqual([404, 404, 404, 429]);
  });

  it("is not escaped by sending a made-up X-Forwarded-For from a public address", async () => {
    const ip = client();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const headers = { "x-forwarded-for": `198.51.100.${i}` };
      statuses.push((await call(ip, "POST", `/forgetpassword/nobody@example.com`, undefined, headers)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("behind a local reverse proxy, counts each forwarded client separately", async () => {
    const proxy = "127.0.0.1";
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const headers = { "x-forwarded-for": `192.0.2.${i + 1}` };
      statuses.push((await call(proxy, "POST", `/forgetpassword/nobody@example.com`, undefined, headers)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404]);
  });
});
