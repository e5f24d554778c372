/**
 * Password reset by mailed code (core-platform §4.9, §5; SERVER-BEHAVIOUR "Auth"):
 * random 6-digit codes, stored hashed, 30 minutes, single use, 5 attempts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets } from "../../db/schema/index.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, PASSWORD } from "../../../test/factories.js";
import { mailText, startFakeSmtp, type FakeSmtp } from "../../../test/fake-smtp.js";
import { outboxCode } from "../../../test/sessions.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const forget = (server: TestServer, email: string) =>
  server.request({ method: "POST", path: `/forgetpassword/${encodeURIComponent(email)}` });
const reset = (email: string, code: string, password: string) =>
  s.request({ method: "POST", path: `/resetpasswords/${encodeURIComponent(email)}/${code}/${password}` });
const loginStatus = async (server: TestServer, email: string, password: string) =>
  (await server.request({ method: "POST", path: "/auth/login", body: { email, password } })).statusCode;

async function requestCode(email: string) {
  expect((await forget(s, email)).statusCode).toBe(200);
  return outboxCode(s, email);
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /forgetpassword/{email}", () => {
  it("answers 404 ERR_USER_DONT_EXISTS for an unknown email", async () => {
    const res = await forget(s, "nobody-at-all@example.com");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_USER_DONT_EXISTS" });
  });

  it("without SMTP, writes the mail with a 6-digit code to the outbox and stores only its hash", async () => {
    const { agent } = await buildTenant(s);
    const res = await forget(s, agent.email);
    expect(res.statusCode).toBe(200);
    const rows = await s.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email));
    expect(rows).toHaveLength(1);
    const code = await outboxCode(s, agent.email);
    const [stored] = await s.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, agent.id));
    expect(stored!.codeHash).not.toContain(code);
    const expiresInMinutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(expiresInMinutes).toBeGreaterThan(29);
    expect(expiresInMinutes).toBeLessThanOrEqual(30);
  });
});

describe("POST /resetpasswords/{email}/{code}/{newPassword}", () => {
  it("changes the password with the right code: the new one signs in, the old one no longer", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    const res = await reset(agent.email, code, "Brand9New");
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(s, agent.email, "Brand9New")).toBe(200);
    expect(await loginStatus(s, agent.email, PASSWORD)).toBe(401);
  });

  it("refuses a weak password with ERR_WEAK_PASSWORD and changes nothing", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    for (const weak of ["Short1A", "alllower1case", "ALLUPPER1CASE", "NoDigitsHere"]) {
      const res = await reset(agent.email, code, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_WEAK_PASSWORD" });
    }
    expect(await loginStatus(s, agent.email, PASSWORD)).toBe(200);
    // The code was not spent by the refused attempts.
    expect((await reset(agent.email, code, "Strong1Pass")).statusCode).toBe(200);
  });

  it("refuses a wrong code with ERR_INVALID_RESET_CODE and counts the attempt", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    const res = await reset(agent.email, otherCode(code), "Strong1Pass");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    const [row] = await s.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, agent.id));
    expect(row!.attempts).toBe(1);
    expect(await loginStatus(s, agent.email, PASSWORD)).toBe(200);
  });

  it("refuses even the right code after 5 wrong attempts", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    for (let i = 0; i < 5; i++) expect((await reset(agent.email, otherCode(code), "Strong1Pass")).statusCode).toBe(400);
    const res = await reset(agent.email, code, "Strong1Pass");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    expect(await loginStatus(s, agent.email, PASSWORD)).toBe(200);
  });

  it("accepts a code once only", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    expect((await reset(agent.email, code, "First1Pass")).statusCode).toBe(200);
    const again = await reset(agent.email, code, "Second2Pass");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    expect(await loginStatus(s, agent.email, "First1Pass")).toBe(200);
  });

  it("refuses an expired code", async () => {
    const { agent } = await buildTenant(s);
    const code = await requestCode(agent.email);
    await s.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, agent.id));
    const res = await reset(agent.email, code, "Strong1Pass");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
  });

  it("replaces an older code by a newer one", async () => {
    const { agent } = await buildTenant(s);
    const older = await requestCode(agent.email);
    const newer = await requestCode(agent.email);
    if (older !== newer) expect((await reset(agent.email, older, "Strong1Pass")).statusCode).toBe(400);
    expect((await reset(agent.email, newer, "Strong1Pass")).statusCode).toBe(200);
  });

  it("does not let one user's code reset another user's password", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const code = await requestCode(a.agent.email);
    const res = await reset(b.agent.email, code, "Strong1Pass");
    expect(res.statusCode).toBe(400);
    expect(await loginStatus(s, b.agent.email, PASSWORD)).toBe(200);
  });

  it("answers 404 ERR_USER_DONT_EXISTS for an unknown email", async () => {
    const res = await reset("nobody-at-all@example.com", "123456", "Strong1Pass");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_USER_DONT_EXISTS" });
  });
});

describe("over SMTP", () => {
  let smtp: FakeSmtp;
  let mailing: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailing = await startTestServer({
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: "false",
      SMTP_FROM: "Balcão <suporte@balcao.test>",
    });
  });
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it("mails the code to the user, and the mailed code resets the password", async () => {
    const { agent } = await buildTenant(mailing);
    expect((await forget(mailing, agent.email)).statusCode).toBe(200);

    const mail = await smtp.waitFor(agent.email);
    expect(mail.from).toBe("suporte@balcao.test");
    expect(mail.raw).toMatch(new RegExp(`^To: ${agent.email}`, "im"));
    const text = mailText(mail);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, text).toBeDefined();
    expect(await mailing.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, agent.email))).toEqual([]);

    const res = await mailing.request({
      method: "POST",
      path: `/resetpasswords/${encodeURIComponent(agent.email)}/${code}/Mailed1Pass`,
    });
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(mailing, agent.email, "Mailed1Pass")).toBe(200);
  });
});
