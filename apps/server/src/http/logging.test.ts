/**
 * The log lines the server really emits: the reset route carries a new password
 * in its path and must never reach the log (issue 2, item 3; DESIGN §10), nor
 * do query strings, where webhooks and sockets carry their tokens (issue 10).
 */
import { io } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { buildTenant } from "../../test/factories.js";

let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer(
    { LOG_LEVEL: "info" },
    { logDestination: { write: (line: string) => void lines.push(line) } },
  );
});
beforeEach(() => {
  lines.length = 0;
});
afterAll(async () => {
  await s.close();
});

const logged = () => lines.join("\n");
const post = (url: string) => s.app.inject({ method: "POST", url });

describe("request logging", () => {
  it("logs ordinary requests with their path (the capture works)", async () => {
    await s.app.inject({ method: "GET", url: "/api/health" });
    expect(logged()).toContain("/api/health");
    expect(lines.some((l) => JSON.parse(l).msg === "request completed")).toBe(true);
  });

  it("logs paths without their query strings: the webhook's verify token, a socket's token, anything else", async () => {
    const { agent } = await buildTenant(s);
    lines.length = 0;
    const verify = "Verify1Secret";
    await fetch(`${s.url}/api/webhooks/whatsapp/1?hub.mode=subscribe&hub.verify_token=${verify}&hub.challenge=7`);
    await fetch(`${s.url}/api/health?probe=Probe1Secret`);
    await fetch(`${s.url}/api/nowhere?token=Stray5Secret`);
    for (const transport of ["websocket", "polling"] as const) {
      const socket = io(s.url, { query: { token: agent.token }, transports: [transport], forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      socket.close();
    }
    const text = logged();
    expect(text).toContain("/api/webhooks/whatsapp/1");
    expect(text).toContain("/api/health");
    for (const secret of [verify, "hub.verify_token", "Probe1Secret", "Stray5Secret", agent.token]) {
      expect(text).not.toContain(secret);
    }
  });

  it("never logs the reset route's path, whatever the answer", async () => {
    const { agent } = await buildTenant(s);
    lines.length = 0;
    const email = encodeURIComponent(agent.email);
    const answers = [
      await post(`/api/resetpasswords/${email}/123456/Hidden1Secret`), // wrong code
      await post(`/api/resetpasswords/${email}/123456/weak`), // weak password
      await post(`/api/resetpasswords/nobody%40example.com/123456/Hidden2Secret`), // unknown user
      await post(`/api/resetpasswords/${email}/${"9".repeat(30)}/Hidden3Secret`), // validation error
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 404, 400]);
    const text = logged();
    for (const secret of ["Hidden1Secret", "Hidden2Secret", "Hidden3Secret", "/weak", agent.email, "resetpasswords/"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("redacts the path when a reset URL misses the route (wrong method, stray slashes, letter case)", async () => {
    const misses = [
      await s.app.inject({ method: "GET", url: "/api/resetpasswords/a%40b.c/123456/Stray1Secret" }),
      await post("/api/resetpasswords/a%40b.c/123456/Stray2Secret/"),
      await post("/api//resetpasswords/a%40b.c/123456/Stray3Secret"),
      await post("/API/ResetPasswords/a%40b.c/123456/Stray4Secret"),
    ];
    for (const res of misses) expect(res.statusCode).toBe(404);
    const text = logged();
    expect(text).toContain("[redacted]");
    for (const secret of ["Stray1Secret", "Stray2Secret", "Stray3Secret", "Stray4Secret"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("never logs the Authorization header or the refresh cookie", async () => {
    const { agent } = await buildTenant(s);
    lines.length = 0;
    await s.request({ path: "/auth/me", token: agent.token, cookies: { jrt: "cookie-secret-value" } });
    expect(logged()).toContain("/api/auth/me");
    expect(logged()).not.toContain(agent.token);
    expect(logged()).not.toContain("cookie-secret-value");
  });

  it("without SMTP, writes the reset mail to the log so an operator can read the code", async () => {
    const { agent } = await buildTenant(s);
    lines.length = 0;
    await post(`/api/forgetpassword/${encodeURIComponent(agent.email)}`);
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "mail written to the outbox");
    expect(entry?.mail.to).toBe(agent.email);
    expect(entry?.mail.text).toMatch(/\b\d{6}\b/);
  });
});
