/**
 * Without SMTP a mail goes to the mail_outbox table and the log. In production
 * the log line names the mail but never carries its text: a password-reset
 * code in a log is an account takeover for whoever reads logs (issue 10).
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema/index.js";
import { buildTenant } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer(
    { NODE_ENV: "production", LOG_LEVEL: "info" },
    { logDestination: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await s.close();
});

describe("the outbox in production", () => {
  it("stores the reset mail with its code and logs only that it is there", async () => {
    const { agent } = await buildTenant(s);
    lines.length = 0;
    const res = await s.request({ method: "POST", path: `/forgetpassword/${encodeURIComponent(agent.email)}` });
    expect(res.statusCode).toBe(200);
    const [mail] = await s.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, agent.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = entries.find((l) => l.msg === "mail written to the outbox");
    expect(entry?.mail).toEqual({ to: agent.email, subject: mail!.subject });
    // Clock and timing fields aside, where six digits in a row can turn up by chance.
    const logged = entries.map(({ time: _t, pid: _p, responseTime: _r, ...rest }) => JSON.stringify(rest));
    expect(logged.join("\n")).not.toContain(code);
  });
});
