/** GET /users (the users page) and GET /users/list (user selects) — core-platform §2.16, §7.2. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const page = async (token: string, query = "") => {
  const res = await s.request({ path: `/users${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ users: { id: number; name: string; email: string }[]; count: number; hasMore: boolean }>();
};

describe("GET /users", () => {
  it("pages the company's users by name, 20 a page, with count, hasMore and queues", async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    for (let i = 0; i < 22; i++) {
      await buildUser(s, { companyId: t.company.id, name: `Zeta ${String(i).padStart(2, "0")}` });
    }
    const withQueue = await buildUser(s, { companyId: t.company.id, name: "Aaron", queueIds: [queue.id] });
    const first = await page(t.admin.token);
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(first.users).toHaveLength(20);
    expect(first.users[0]).toMatchObject({
      id: withQueue.id,
      name: "Aaron",
      email: withQueue.email,
      profile: "user",
      queues: [{ id: queue.id, name: queue.name, color: queue.color }],
    });
    expect(first.users[0]).not.toHaveProperty("passwordHash");
    const second = await page(t.admin.token, "?pageNumber=2");
    expect(second).toMatchObject({ count: 25, hasMore: false });
    // Aaron, the admin and the agent ("User …"), then Zeta 00–16 filled page 1.
    expect(second.users.map((u) => u.name)).toEqual(["Zeta 17", "Zeta 18", "Zeta 19", "Zeta 20", "Zeta 21"]);
  });

  it("searches name and email case-insensitively, taking % and _ literally", async () => {
    const t = await buildTenant(s);
    const maria = await buildUser(s, { companyId: t.company.id, name: "Maria Souza" });
    const byMail = await buildUser(s, {
      companyId: t.company.id,
      name: "Other",
      email: `Ana.Mail-${t.company.id}@x.io`,
    });
    expect((await page(t.admin.token, "?searchParam=souza")).users.map((u) => u.id)).toEqual([maria.id]);
    const mail = await page(t.admin.token, `?searchParam=ana.mail-${t.company.id}`);
    expect(mail.users.map((u) => u.id)).toEqual([byMail.id]);
    expect(await page(t.admin.token, "?searchParam=%25")).toMatchObject({ users: [], count: 0, hasMore: false });
    // Pages restart from 1 for a search: page 2 of a one-match search is empty.
    expect((await page(t.admin.token, "?searchParam=souza&pageNumber=2")).users).toEqual([]);
  });

  it("is for admins: an agent and a supervisor are refused, no token is 401", async () => {
    const t = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    const supervisorToken = (await login(s, supervisor.email)).token;
    for (const token of [t.agent.token, supervisorToken]) {
      const res = await s.request({ path: "/users", token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect((await s.request({ path: "/users" })).statusCode).toBe(401);
  });

  it("refuses a bad pageNumber", async () => {
    const t = await buildTenant(s);
    for (const bad of ["0", "-1", "x"]) {
      const res = await s.request({ path: `/users?pageNumber=${bad}`, token: t.admin.token });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("never lists another company's users, whatever companyId says", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const secrets = [a.agent.email, a.admin.email];
    await expectListIsolation(s, { path: "/users", ownerToken: a.admin.token, otherToken: b.admin.token, secrets });
    await expectListIsolation(s, {
      path: `/users?companyId=${a.company.id}&searchParam=${encodeURIComponent(a.agent.email)}`,
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
      secrets: [a.agent.email],
    });
  });
});

describe("GET /users/list", () => {
  it("gives any signed-in user the id and name of the company's users, by name, with their queues", async () => {
    const t = await buildTenant(s);
    const res = await s.request({ path: "/users/list", token: t.agent.token });
    expect(res.statusCode).toBe(200);
    const expected = [t.admin, t.agent]
      .map(({ id, name }) => ({ id, name, queues: [] }))
      .sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
    expect(res.json()).toEqual(expected);
  });

  it("lists each user's queues as {id, name, color} by name, so an agent's transfer can preselect a single one", async () => {
    const t = await buildTenant(s);
    const vendas = await buildQueue(s, t.company.id, { name: "Vendas", color: "#1e88e5" });
    const suporte = await buildQueue(s, t.company.id, { name: "Suporte", color: "#43a047" });
    const single = await buildUser(s, { companyId: t.company.id, name: "Aaa Single", queueIds: [suporte.id] });
    const both = await buildUser(s, { companyId: t.company.id, name: "Aab Both", queueIds: [vendas.id, suporte.id] });
    const res = await s.request({ path: "/users/list", token: t.agent.token });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: number; name: string; queues: unknown[] }[]>();
    const ref = (q: typeof vendas) => ({ id: q.id, name: q.name, color: q.color });
    expect(list.slice(0, 2)).toEqual([
      { id: single.id, name: "Aaa Single", queues: [ref(suporte)] },
      { id: both.id, name: "Aab Both", queues: [ref(suporte), ref(vendas)] },
    ]);
    expect(list.find((u) => u.id === t.agent.id)?.queues).toEqual([]);
  });

  it("ignores companyId for everyone but super users", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const queue = await buildQueue(s, a.company.id);
    const queued = await buildUser(s, { companyId: a.company.id, queueIds: [queue.id] });
    await expectListIsolation(s, {
      path: `/users/list?companyId=${a.company.id}`,
      ownerToken: a.agent.token,
      otherToken: b.admin.token,
      secrets: [a.agent.name, a.admin.name, queued.name, queue.name],
    });
  });

  it("honours companyId for a super user, and an empty companyId means their own company", async () => {
    const company = await buildCompany(s);
    const person = await buildUser(s, { companyId: company.id, name: "Listed Person" });
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    const res = await s.request({ path: `/users/list?companyId=${company.id}`, token: superToken });
    expect(res.json()).toEqual([{ id: person.id, name: "Listed Person", queues: [] }]);
    const own = await s.request({ path: "/users/list?companyId=", token: superToken });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain("Listed Person");
    expect(own.json()).toContainEqual(expect.objectContaining({ id: 1 }));
  });

  it("answers 401 without a token and 400 for a bad companyId", async () => {
    expect((await s.request({ path: "/users/list" })).statusCode).toBe(401);
    const t = await buildTenant(s);
    expect((await s.request({ path: "/users/list?companyId=abc", token: t.agent.token })).statusCode).toBe(400);
  });
});
