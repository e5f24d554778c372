/** GET /settings and PUT /settings/{key} (core-platform §7.6, §9). */
import { randomBytes } from "node:crypto";
import { settingKeys } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import { expectListIsolation } from "../../../test/tenancy.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { secretSettingValue } from "./settings.queries.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const put = (token: string, key: string, value: unknown) =>
  s.request({ method: "PUT", path: `/settings/${key}`, token, body: { key, value } });
const valueOf = async (token: string, key: string) =>
  (await s.request({ path: "/settings", token })).json().find((e: { key: string }) => e.key === key)?.value;

describe("GET /settings", () => {
  it("lists the company's settings as [{key, value}], for any signed-in user", async () => {
    const { agent } = await buildTenant(s);
    const res = await s.request({ path: "/settings", token: agent.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((e: { key: string }) => e.key).sort()).toEqual([...settingKeys].sort());
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(["key", "value"]);
  });

  it("never shows another company's values", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const panel = `https://panel-${randomBytes(4).toString("hex")}.example`;
    expect((await put(a.admin.token, "panelUrl", panel)).statusCode).toBe(200);
    await expectListIsolation(s, {
      path: "/settings",
      ownerToken: a.agent.token,
      otherToken: b.agent.token,
      secrets: [panel],
    });
  });
});

describe("PUT /settings/{key}", () => {
  it("saves an admin's change and emits company-{id}-settings to that company only", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const socketA = await connectSocket(s, a.agent.token);
    const socketB = await connectSocket(s, b.agent.token);
    const leaked = record(socketB, `company-${a.company.id}-settings`);
    const event = nextEvent(socketA, `company-${a.company.id}-settings`);

    const res = await put(a.admin.token, "userRating", "enabled");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "userRating", value: "enabled" });
    expect(await event).toEqual({ action: "update", setting: { key: "userRating", value: "enabled" } });
    expect(await valueOf(a.agent.token, "userRating")).toBe("enabled");

    await flush(s, socketB);
    expect(leaked).toEqual([]);
  });

  it("does not change another company's value", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    expect((await put(a.admin.token, "scheduleType", "company")).statusCode).toBe(200);
    expect(await valueOf(a.admin.token, "scheduleType")).toBe("company");
    expect(await valueOf(b.admin.token, "scheduleType")).toBe("disabled");
  });

  it("refuses an agent and a supervisor with 403 ERR_NO_PERMISSION, changing nothing", async () => {
    const { company, agent, admin } = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: company.id, profile: "supervisor" });
    const supervisorToken = (await login(s, supervisor.email)).token;
    for (const token of [agent.token, supervisorToken]) {
      const res = await put(token, "call", "enabled");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect(await valueOf(admin.token, "call")).toBe("disabled");
  });

  it("answers 400 ERR_VALIDATION for a key outside the settings catalogue", async () => {
    const { admin } = await buildTenant(s);
    const res = await put(admin.token, "noSuchSetting", "x");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", details: { key: "noSuchSetting" } });
  });

  it("answers 400 ERR_VALIDATION for the names every object inherits, changing nothing", async () => {
    const { admin } = await buildTenant(s);
    const before = (await s.request({ path: "/settings", token: admin.token })).json();
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"]) {
      const res = await put(admin.token, key, "enabled");
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await s.request({ path: "/settings", token: admin.token })).json()).toEqual(before);
  });

  it("answers 400 ERR_VALIDATION for a value outside the key's choices, or a missing value", async () => {
    const { admin } = await buildTenant(s);
    const res = await put(admin.token, "userRating", "sometimes");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await valueOf(admin.token, "userRating")).toBe("disabled");

    const badZone = await put(admin.token, "timezone", "Mars/Olympus");
    expect(badZone.statusCode).toBe(400);
    expect((await put(admin.token, "timezone", "Europe/Lisbon")).statusCode).toBe(200);

    const missing = await s.request({
      method: "PUT",
      path: "/settings/call",
      token: admin.token,
      body: { key: "call" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("ERR_VALIDATION");
  });

  it("accepts free text for panelUrl", async () => {
    const { admin } = await buildTenant(s);
    const res = await put(admin.token, "panelUrl", "https://painel.example.com");
    expect(res.statusCode).toBe(200);
    expect(await valueOf(admin.token, "panelUrl")).toBe("https://painel.example.com");
  });

  it("lets only a super user set the payment provider token (asaas)", async () => {
    const { admin } = await buildTenant(s);
    const refused = await put(admin.token, "asaas", "tenant-token");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await valueOf(admin.token, "asaas")).toBe("");

    const { token } = await login(s, ADMIN.email, ADMIN.password);
    const saved = await put(token, "asaas", "platform-token");
    expect(saved.statusCode).toBe(200);
    // Never answered whole, even to a super user (issue 14): its mask, as connection secrets are shown.
    expect(saved.json()).toEqual({ key: "asaas", value: "••••oken" });
    expect(await valueOf(token, "asaas")).toBe("••••oken");
    // The form saved unchanged sends the mask back: the token stays.
    expect((await put(token, "asaas", "••••oken")).json()).toEqual({ key: "asaas", value: "••••oken" });
    expect(await secretSettingValue(s.ctx.db, 1, "asaas")).toBe("platform-token");

    // A non-super user of the platform company sees the key but never the token.
    const colleague = await buildUser(s, { companyId: 1, profile: "admin" });
    const colleagueToken = (await login(s, colleague.email)).token;
    expect(await valueOf(colleagueToken, "asaas")).toBe("");
    const me = await s.request({ path: "/auth/me", token: colleagueToken });
    expect(me.body).not.toContain("platform-token");
  });

  it("lets only a super user set campaignsEnabled, which would otherwise open campaigns past the plan", async () => {
    const { admin, agent } = await buildTenant(s);
    const refused = await put(admin.token, "campaignsEnabled", "true");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    // Unlike the payment token it is no secret: the menu reads it.
    expect(await valueOf(agent.token, "campaignsEnabled")).toBe("false");

    const { token } = await login(s, ADMIN.email, ADMIN.password);
    expect((await put(token, "campaignsEnabled", "false")).statusCode).toBe(200);
    expect(await valueOf(token, "campaignsEnabled")).toBe("false");
  });

  it("answers 401 without a token", async () => {
    const res = await s.request({ method: "PUT", path: "/settings/call", body: { value: "enabled" } });
    expect(res.statusCode).toBe(401);
  });
});
