/**
 * Reset-code guesses are bounded (issue 10 item 4): counted atomically, so
 * parallel wrong guesses cannot try more than the code's 5; and capped per
 * account across codes, so asking for new codes brings no new guesses.
 */
import { auth as authConstants } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets, users } from "../../db/schema/index.js";
import { buildTenant, PASSWORD } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { outboxCode } from "../../../test/sessions.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const reset = (email: string, code: string, password = "Strong1Pass") =>
  s.request({ method: "POST", path: `/resetpasswords/${encodeURIComponent(email)}/${code}/${password}` });
const loginStatus = async (email: string, password: string) =>
  (await s.request({ method: "POST", path: "/auth/login", body: { email, password } })).statusCode;

async function requestCode(email: string): Promise<string> {
  expect((await s.request({ method: "POST", path: `/forgetpassword/${encodeURIComponent(email)}` })).statusCode).toBe(
    200,
  );
  return outboxCode(s, email);
}

const wrongFor = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, "0");

async function spendCode(email: string) {
  const code = await requestCode(email);
  for (let i = 1; i <= authConstants.resetCodeMaxAttempts; i++) {
    expect((await reset(email, wrongFor(code, i))).statusCode).toBe(400);
  }
}

describe("reset code attempts", () => {
  it("parallel wrong guesses try no more than the code's attempts", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => reset(agent.email, wrongFor(code, i + 1))));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const [row] = await s.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, agent.id));
    expect(row!.attempts).toBe(authConstants.resetCodeMaxAttempts);
    expect((await reset(agent.email, code)).json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    expect(await loginStatus(agent.email, PASSWORD)).toBe(200);
  });

  it(`a new code brings no new guesses past ${authConstants.resetAccountMaxAttempts} per account: 429 ERR_TOO_MANY_REQUESTS`, async () => {
    const { agent } = await buildTenant(s);
    for (let n = 0; n < authConstants.resetAccountMaxAttempts / authConstants.resetCodeMaxAttempts; n++) {
      await spendCode(agent.email);
    }
    const fresh = await requestCode(agent.email);
    const res = await reset(agent.email, fresh);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect(await loginStatus(agent.email, PASSWORD)).toBe(200);
  });

  it(`named choice: the account's budget renews ${authConstants.resetAccountWindowHours} hours after its first spend`, async () => {
    const { agent } = await buildTenant(s);
    await spendCode(agent.email);
    await spendCode(agent.email);
    await s.ctx.db
      .update(users)
      .set({ resetAttemptsSince: sql`now() - make_interval(hours => ${authConstants.resetAccountWindowHours + 1})` })
      .where(eq(users.id, agent.id));
    const fresh = await requestCode(agent.email);
    expect((await reset(agent.email, fresh)).statusCode).toBe(200);
    expect(await loginStatus(agent.email, "Strong1Pass")).toBe(200);
  });

  it("a right code answers once even when sent twice at the same time", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    const answers = await Promise.all([
      reset(agent.email, code, "First1Pass"),
      reset(agent.email, code, "Second2Pass"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});
