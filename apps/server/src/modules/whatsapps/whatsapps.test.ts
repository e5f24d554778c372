/**
 * /whatsapp (core-platform §2.17, §4.3, §7.4, §8): reading, the save rules and
 * their codes, delete. Cloud credentials are in whatsapps.cloud-credentials.test.ts.
 */
import { defaultWeekdayHours, type WhatsappDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "../../db/schema/index.js";
import { buildPlan, buildQueue, buildTenant } from "../../../test/factories.js";
import {
  connectionBody,
  connectionsTestEnv,
  createConnection,
  sessionReaches,
  updateConnection,
} from "../../../test/connections.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started), connectionsTestEnv);

const TOKEN = "tok_0123456789abcdef0123456789abcdef";

const list = async (token: string) => (await s.request({ path: "/whatsapp/?session=0", token })).json<WhatsappDto[]>();
const defaults = async (token: string) => (await list(token)).filter((w) => w.isDefault).map((w) => w.name);

describe("create and read", () => {
  it("saves every modal field, starts DISCONNECTED and lists it for any user of the company", async () => {
    const t = await buildTenant(s);
    const q1 = await buildQueue(s, t.company.id, { orderQueue: 2 });
    const q2 = await buildQueue(s, t.company.id, { orderQueue: 1 });
    const res = await createConnection(s, t.admin.token, {
      greetingMessage: "Olá! Escolha:",
      token: TOKEN,
      queueIds: [q1.id, q2.id],
      sendIdQueue: q1.id,
      timeSendQueue: "15",
      timeUseBotQueues: 5,
      maxUseBotQueues: 4,
      transferQueueId: q2.id,
      timeToTransfer: 30,
      expiresTicket: 120,
      expiresInactiveMessage: "Encerrado por inatividade",
      schedules: [{ weekdayEn: "monday", startTime: "09:00", endTime: "17:00" }],
      // What the client also sends (or read) is accepted and ignored.
      status: "CONNECTED",
      qrcode: "forged",
      session: "x",
      queues: [{ id: 1 }],
      companyId: 999,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json<WhatsappDto>();
    expect(created).toMatchObject({
      name: "Comercial",
      status: "DISCONNECTED",
      qrcode: "",
      isDefault: true,
      greetingMessage: "Olá! Escolha:",
      complationMessage: "Obrigado!",
      outOfHoursMessage: "Fechado.",
      ratingMessage: "Avalie",
      token: TOKEN,
      provider: "beta",
      sendIdQueue: q1.id,
      timeSendQueue: 15,
      timeUseBotQueues: 5,
      maxUseBotQueues: 4,
      transferQueueId: q2.id,
      timeToTransfer: 30,
      expiresTicket: 120,
      expiresInactiveMessage: "Encerrado por inatividade",
      promptId: null,
      integrationId: null,
      integration: null,
      companyId: t.company.id,
      webhookUrl: `https://balcao.example.com/api/webhooks/whatsapp/${created.id}`,
    });
    // Queues in bot-menu order; hours for all seven days, the one sent replacing Monday.
    expect(created.queues.map((q) => q.id)).toEqual([q2.id, q1.id]);
    expect(created.schedules).toHaveLength(7);
    expect(created.schedules[0]).toMatchObject({ weekdayEn: "monday", startTime: "09:00", endTime: "17:00" });
    expect(created.schedules[1]).toEqual(defaultWeekdayHours()[1]);

    // A WhatsApp Web connection starts its session right away.
    await sessionReaches(s, created.id, "OPENING");
    const read = await s.request({ path: `/whatsapp/${created.id}?session=0`, token: t.admin.token });
    const started = { ...created, status: "OPENING", updatedAt: expect.any(String) };
    expect(read.json()).toEqual(started);
    expect(await list(t.admin.token)).toEqual([started]);
    const byQuery = await s.request({ path: `/whatsapp?companyId=999&session=0`, token: t.agent.token });
    expect(byQuery.json<WhatsappDto[]>().map((w) => w.id)).toEqual([created.id]);
  });

  it("shows the external API token whole to admins and masked to agents", async () => {
    const t = await buildTenant(s);
    const token = `${TOKEN}-agents-1234`;
    const { id } = (await createConnection(s, t.admin.token, { token })).json<WhatsappDto>();
    const agentView = (await s.request({ path: `/whatsapp/${id}`, token: t.agent.token })).json<WhatsappDto>();
    expect(agentView.token).toBe("••••1234");
    expect((await s.request({ path: "/whatsapp", token: t.agent.token })).body).not.toContain(token);
  });

  it("answers ERR_NO_WAPP_FOUND for an unknown connection", async () => {
    const t = await buildTenant(s);
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await s.request({ method, path: "/whatsapp/999999", token: t.admin.token, body: connectionBody() });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("ERR_NO_WAPP_FOUND");
    }
  });

  it.each([
    ["a missing name", { name: undefined }],
    ["a one-letter name", { name: "A" }],
    ["a 51-letter name", { name: "x".repeat(51) }],
    ["an unknown provider", { provider: "telegram" }],
    ["a negative timer", { timeToTransfer: -1 }],
    ["a token shorter than 32", { token: "short-token" }],
    ["a token with spaces", { token: `${TOKEN} with spaces` }],
  ])("refuses %s with ERR_VALIDATION", async (_label, extra) => {
    const t = await buildTenant(s);
    const res = await createConnection(s, t.admin.token, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await list(t.admin.token)).toEqual([]);
  });
});

describe("the default connection", () => {
  it("makes the first one the default whatever is sent, and only one default at a time", async () => {
    const t = await buildTenant(s);
    const first = (
      await createConnection(s, t.admin.token, { name: "Primeira", isDefault: false })
    ).json<WhatsappDto>();
    expect(first.isDefault).toBe(true);
    const second = (await createConnection(s, t.admin.token, { name: "Segunda" })).json<WhatsappDto>();
    expect(second.isDefault).toBe(false);
    await createConnection(s, t.admin.token, { name: "Terceira", isDefault: true });
    expect(await defaults(t.admin.token)).toEqual(["Terceira"]);
    await updateConnection(s, t.admin.token, second.id, { name: "Segunda", isDefault: true });
    expect(await defaults(t.admin.token)).toEqual(["Segunda"]);
  });

  it("refuses to switch the default off (ERR_NO_OTHER_WHATSAPP); omitting isDefault keeps it", async () => {
    const t = await buildTenant(s);
    const only = (await createConnection(s, t.admin.token)).json<WhatsappDto>();
    const off = await updateConnection(s, t.admin.token, only.id, { isDefault: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toBe("ERR_NO_OTHER_WHATSAPP");
    await createConnection(s, t.admin.token, { name: "Outra" });
    expect((await updateConnection(s, t.admin.token, only.id, { isDefault: false })).json().error).toBe(
      "ERR_NO_OTHER_WHATSAPP",
    );
    const kept = await updateConnection(s, t.admin.token, only.id, { name: "Renomeada", isDefault: undefined });
    expect(kept.json()).toMatchObject({ name: "Renomeada", isDefault: true });
  });

  it("promotes the oldest remaining connection when the default is deleted", async () => {
    const t = await buildTenant(s);
    const a = (await createConnection(s, t.admin.token, { name: "Alfa" })).json<WhatsappDto>();
    const b = (await createConnection(s, t.admin.token, { name: "Beta" })).json<WhatsappDto>();
    const c = (await createConnection(s, t.admin.token, { name: "Gama", isDefault: true })).json<WhatsappDto>();
    const del = await s.request({ method: "DELETE", path: `/whatsapp/${c.id}`, token: t.admin.token });
    expect(del.statusCode).toBe(200);
    expect(await defaults(t.admin.token)).toEqual(["Alfa"]);
    // Deleting one that is not the default changes no default.
    await s.request({ method: "DELETE", path: `/whatsapp/${b.id}`, token: t.admin.token });
    expect(await defaults(t.admin.token)).toEqual(["Alfa"]);
    await s.request({ method: "DELETE", path: `/whatsapp/${a.id}`, token: t.admin.token });
    expect(await list(t.admin.token)).toEqual([]);
  });
});

describe("queues and greeting", () => {
  it("requires a greeting with more than one queue, on create and on update", async () => {
    const t = await buildTenant(s);
    const [q1, q2] = [await buildQueue(s, t.company.id), await buildQueue(s, t.company.id)];
    const refused = await createConnection(s, t.admin.token, { queueIds: [q1.id, q2.id], greetingMessage: "  " });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect(await list(t.admin.token)).toEqual([]);
    const one = await createConnection(s, t.admin.token, { queueIds: [q1.id] });
    expect(one.statusCode).toBe(200);
    const id = one.json<WhatsappDto>().id;
    expect((await updateConnection(s, t.admin.token, id, { queueIds: [q1.id, q2.id] })).json().error).toBe(
      "ERR_WAPP_GREETING_REQUIRED",
    );
    const both = await updateConnection(s, t.admin.token, id, { queueIds: [q1.id, q2.id], greetingMessage: "Escolha" });
    expect(both.json<WhatsappDto>().queues).toHaveLength(2);
    // Queues left out of the body stay; clearing the greeting with them is refused.
    const cleared = await updateConnection(s, t.admin.token, id, { queueIds: undefined, greetingMessage: "" });
    expect(cleared.json().error).toBe("ERR_WAPP_GREETING_REQUIRED");
    const renamed = await updateConnection(s, t.admin.token, id, {
      queueIds: undefined,
      greetingMessage: "Escolha",
      name: "Nova",
    });
    expect(renamed.json<WhatsappDto>().queues).toHaveLength(2);
  });

  it.each(["queueIds", "sendIdQueue", "transferQueueId"])(
    "refuses another company's queue in %s as not found",
    async (field) => {
      const t = await buildTenant(s);
      const other = await buildTenant(s);
      const foreign = await buildQueue(s, other.company.id);
      const res = await createConnection(s, t.admin.token, {
        [field]: field === "queueIds" ? [foreign.id] : foreign.id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field } });
      const unknown = await createConnection(s, t.admin.token, { [field]: field === "queueIds" ? [999999] : 999999 });
      expect(unknown.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field } });
      expect(await list(t.admin.token)).toEqual([]);
    },
  );

  it.each(["integrationId"])("accepts only none as %s until that area exists", async (field) => {
    const t = await buildTenant(s);
    const res = await createConnection(s, t.admin.token, { [field]: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", details: { field } });
    expect((await createConnection(s, t.admin.token, { [field]: "" })).json()[field]).toBeNull();
  });
});

describe("plan and token", () => {
  it("stops at the plan's connections limit", async () => {
    const t = await buildTenant(s);
    const plan = await buildPlan(s, { connections: 1 });
    await s.ctx.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, t.company.id));
    expect((await createConnection(s, t.admin.token)).statusCode).toBe(200);
    const over = await createConnection(s, t.admin.token, { name: "Segunda" });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", details: { limit: "connections", max: 1 } });
    expect(await list(t.admin.token)).toHaveLength(1);
  });

  it("keeps tokens unique across the platform; empty tokens never clash", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = (await createConnection(s, t.admin.token, { token: `${TOKEN}-unique` })).json<WhatsappDto>();
    const clash = await createConnection(s, other.admin.token, { token: `${TOKEN}-unique` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe("ERR_WAPP_TOKEN_ALREADY_EXISTS");
    const second = (await createConnection(s, t.admin.token, { name: "Outra", token: "" })).json<WhatsappDto>();
    expect((await createConnection(s, other.admin.token, { token: "" })).statusCode).toBe(200);
    expect(
      (await updateConnection(s, t.admin.token, second.id, { name: "Outra", token: `${TOKEN}-unique` })).statusCode,
    ).toBe(409);
    // Saving one with its own token is no clash; an empty token removes it.
    expect((await updateConnection(s, t.admin.token, mine.id, { token: `${TOKEN}-unique` })).statusCode).toBe(200);
    expect((await updateConnection(s, t.admin.token, mine.id, { token: "" })).json().token).toBe("");
  });
});
