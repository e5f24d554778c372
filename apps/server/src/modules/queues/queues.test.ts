/** /queue (business-areas §2.4, §5, §7, §9): create, read, rules, codes, plan limit, update and delete. */
import { defaultWeekdayHours, type QueueDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queueOptions, userQueues } from "../../db/schema/index.js";
import { buildCompany, buildPlan, buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { createQueue, queueBody, queuesOf } from "../../../test/queues.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

describe("create and read", () => {
  it("creates a queue with a lower-case colour and the §9 default hours, and lists it", async () => {
    const t = await buildTenant(s);
    const res = await createQueue(s, t.admin.token);
    expect(res.statusCode).toBe(200);
    const queue = res.json<QueueDto>();
    expect(queue).toMatchObject({
      name: "Vendas",
      color: "#b80000",
      greetingMessage: "Olá! Bem-vindo a Vendas.",
      outOfHoursMessage: "Estamos fechados.",
      orderQueue: 1,
      integrationId: null,
      promptId: null,
    });
    expect(queue.schedules).toEqual(defaultWeekdayHours());
    expect(queue.schedules.map((h) => h.weekdayEn)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(queue.schedules.find((h) => h.weekdayEn === "saturday")).toMatchObject({
      startTime: "08:00",
      endTime: "12:00",
    });

    // Any signed-in user reads the list (user modal, new-ticket modal) and one queue.
    const list = await s.request({ path: "/queue", token: t.agent.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([queue]);
    const one = await s.request({ path: `/queue/${queue.id}`, token: t.agent.token });
    expect(one.json()).toEqual(queue);
  });

  it("expands #rgb, accepts a colour without '#', and keeps the hours it is sent", async () => {
    const t = await buildTenant(s);
    const short = await createQueue(s, t.admin.token, { color: "#AbC", schedules: undefined });
    expect(short.json().color).toBe("#aabbcc");
    const bare = await createQueue(s, t.admin.token, {
      color: "FE9200",
      schedules: [{ weekday: "Segunda", weekdayEn: "monday", startTime: "09:30", endTime: "17:45" }],
    });
    expect(bare.json().color).toBe("#fe9200");
    const schedules = bare.json<QueueDto>().schedules;
    expect(schedules).toHaveLength(7);
    expect(schedules[0]).toEqual({ weekday: "Segunda", weekdayEn: "monday", startTime: "09:30", endTime: "17:45" });
    expect(schedules[1]).toEqual(defaultWeekdayHours()[1]);
  });

  it("lists in bot-menu order, queues without an order last", async () => {
    const t = await buildTenant(s);
    await createQueue(s, t.admin.token, { name: "Sem ordem", color: "#111111", orderQueue: "" });
    await createQueue(s, t.admin.token, { name: "Segunda", color: "#222222", orderQueue: 2 });
    await createQueue(s, t.admin.token, { name: "Primeira", color: "#333333", orderQueue: "1" });
    const list = await s.request({ path: "/queue?companyId=999", token: t.agent.token });
    expect(list.json<QueueDto[]>().map((q) => q.name)).toEqual(["Primeira", "Segunda", "Sem ordem"]);
  });

  it("answers 404 for an unknown queue", async () => {
    const t = await buildTenant(s);
    const res = await s.request({ path: "/queue/999999", token: t.admin.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NOT_FOUND");
  });
});

describe("rules", () => {
  it("refuses a colour already used in the company, whatever its case, on create and update", async () => {
    const t = await buildTenant(s);
    const first = await createQueue(s, t.admin.token, { color: "#B80000" });
    const dup = await createQueue(s, t.admin.token, { name: "Suporte", color: "#b80000" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const second = await createQueue(s, t.admin.token, { name: "Suporte", color: "#1273DE" });
    const moved = await s.request({
      method: "PUT",
      path: `/queue/${second.json().id}`,
      token: t.admin.token,
      body: queueBody({ name: "Suporte", color: "#B80000" }),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    expect((await queuesOf(s, t.company.id)).map((q) => q.color).sort()).toEqual(["#1273de", "#b80000"]);
    // Saving a queue with its own colour is no conflict; another company may use it too.
    const same = await s.request({
      method: "PUT",
      path: `/queue/${first.json().id}`,
      token: t.admin.token,
      body: queueBody(),
    });
    expect(same.statusCode).toBe(200);
    const other = await buildTenant(s);
    expect((await createQueue(s, other.admin.token, { color: "#B80000" })).statusCode).toBe(200);
  });

  it.each([
    ["a missing name", { name: undefined }],
    ["a one-letter name", { name: "A" }],
    ["a 51-letter name", { name: "x".repeat(51) }],
    ["a missing colour", { color: undefined }],
    ["a 2-character colour", { color: "#f" }],
    ["a 10-character colour", { color: "#ff00ff00ff" }],
    ["a colour that is not hex", { color: "#zzzzzz" }],
    ["a colour with transparency", { color: "#ff000080" }],
    ["an hour out of range", { schedules: [{ weekdayEn: "monday", startTime: "25:00", endTime: "18:00" }] }],
    ["an hour not HH:mm", { schedules: [{ weekdayEn: "monday", startTime: "8:00", endTime: "18:00" }] }],
    ["an unknown weekday", { schedules: [{ weekdayEn: "funday", startTime: "08:00", endTime: "18:00" }] }],
    [
      "a weekday twice",
      {
        schedules: [
          { weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
          { weekdayEn: "monday", startTime: "09:00", endTime: "18:00" },
        ],
      },
    ],
    ["a negative orderQueue", { orderQueue: -1 }],
    ["a greeting that is not text", { greetingMessage: 42 }],
    // Integrations and prompts do not exist yet: no id can name one.
    ["an integration id", { integrationId: 5 }],
  ])("refuses %s with ERR_VALIDATION and stores nothing", async (_, extra) => {
    const t = await buildTenant(s);
    const res = await createQueue(s, t.admin.token, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await queuesOf(s, t.company.id)).toHaveLength(0);
  });

  it("treats '' as no integration, prompt or order", async () => {
    const t = await buildTenant(s);
    const res = await createQueue(s, t.admin.token, { integrationId: "", promptId: "", orderQueue: "" });
    expect(res.json()).toMatchObject({ integrationId: null, promptId: null, orderQueue: null });
  });

  it("lets only admins write", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id, { name: "Fixa" });
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    for (const token of [t.agent.token, (await login(s, supervisor.email)).token]) {
      const attempts = [
        { method: "POST" as const, path: "/queue", body: queueBody() },
        { method: "PUT" as const, path: `/queue/${queue.id}`, body: queueBody({ name: "Mudou" }) },
        { method: "DELETE" as const, path: `/queue/${queue.id}` },
      ];
      for (const attempt of attempts) {
        const res = await s.request({ ...attempt, token });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe("ERR_NO_PERMISSION");
      }
    }
    expect(await queuesOf(s, t.company.id)).toEqual([queue]);
  });

  it("stops at the plan's number of queues", async () => {
    const plan = await buildPlan(s, { queues: 2 });
    const company = await buildCompany(s, { planId: plan.id });
    const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
    const { token } = await login(s, admin.email);
    expect((await createQueue(s, token, { color: "#000001" })).statusCode).toBe(200);
    expect((await createQueue(s, token, { color: "#000002" })).statusCode).toBe(200);
    const third = await createQueue(s, token, { color: "#000003" });
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toBe("ERR_PLAN_LIMIT_REACHED");
    expect(await queuesOf(s, company.id)).toHaveLength(2);
  });
});

describe("update and delete", () => {
  it("updates the fields it is sent and keeps the hours of days it is not sent", async () => {
    const t = await buildTenant(s);
    const created = await createQueue(s, t.admin.token, {
      schedules: [{ weekdayEn: "friday", startTime: "10:00", endTime: "16:00" }],
    });
    const id = created.json().id as number;
    const res = await s.request({
      method: "PUT",
      path: `/queue/${id}`,
      token: t.admin.token,
      body: {
        name: "Vendas B2B",
        color: "#5300EB",
        greetingMessage: "Novo",
        schedules: [{ weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" }],
      },
    });
    expect(res.statusCode).toBe(200);
    const queue = res.json<QueueDto>();
    expect(queue).toMatchObject({ name: "Vendas B2B", color: "#5300eb", greetingMessage: "Novo", orderQueue: 1 });
    expect(queue.outOfHoursMessage).toBe("Estamos fechados.");
    expect(queue.schedules.find((h) => h.weekdayEn === "friday")).toMatchObject({ startTime: "10:00" });
    expect(queue.schedules.find((h) => h.weekdayEn === "saturday")).toMatchObject({ startTime: "09:00" });
    // Without schedules in the body the stored hours stay.
    const again = await s.request({ method: "PUT", path: `/queue/${id}`, token: t.admin.token, body: queueBody() });
    expect(again.json<QueueDto>().schedules).toEqual(queue.schedules);
  });

  it("deletes a queue with its options and takes it from its users", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const kept = await buildQueue(s, t.company.id);
    const agent = await buildUser(s, { companyId: t.company.id, queueIds: [queue.id, kept.id] });
    await s.ctx.db.insert(queueOptions).values({ queueId: queue.id, title: "Menu", option: 1 });
    const res = await s.request({ method: "DELETE", path: `/queue/${queue.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(await queuesOf(s, t.company.id)).toEqual([kept]);
    const left = await s.ctx.db.select().from(userQueues).where(eq(userQueues.userId, agent.id));
    expect(left.map((r) => r.queueId)).toEqual([kept.id]);
    expect(await s.ctx.db.select().from(queueOptions).where(eq(queueOptions.queueId, queue.id))).toEqual([]);
    const gone = await s.request({ path: `/queue/${queue.id}`, token: t.admin.token });
    expect(gone.statusCode).toBe(404);
  });
});
