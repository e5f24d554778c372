/** /queue-options (business-areas §2.4, §4, §7): nesting, 1-based numbers, subtree delete, company isolation. */
import type { QueueOptionDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueOptions } from "../../db/schema/index.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;

/** A tenant with one queue, and helpers that call the routes as its admin. */
async function setup() {
  const t = await buildTenant(s);
  const queue = await buildQueue(s, t.company.id);
  const add = async (title: string, parentId: number | null = null, token = t.admin.token) => {
    // The editor sends option too; the server numbers options itself.
    const res = await s.request({
      method: "POST",
      path: "/queue-options",
      token,
      body: { title, message: `texto de ${title}`, option: 99, queueId: queue.id, parentId },
    });
    return res;
  };
  const addOk = async (title: string, parentId: number | null = null) => {
    const res = await add(title, parentId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QueueOptionDto>();
  };
  const list = async (parentId: number | string = -1, token = t.admin.token) => {
    const res = await s.request({ path: `/queue-options?queueId=${queue.id}&parentId=${parentId}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QueueOptionDto[]>();
  };
  return { t, queue, add, addOk, list };
}

const summary = (options: QueueOptionDto[]) => options.map((o) => [o.option, o.title]);

describe("nesting and numbering", () => {
  it("numbers roots and children 1..n among their siblings and lists each level", async () => {
    const { queue, addOk, list } = await setup();
    const sales = await addOk("Vendas");
    const support = await addOk("Suporte");
    expect(sales).toMatchObject({ option: 1, queueId: queue.id, parentId: null, message: "texto de Vendas" });
    expect(support.option).toBe(2);
    const phones = await addOk("Telefones", support.id);
    const laptops = await addOk("Notebooks", support.id);
    const android = await addOk("Android", phones.id);
    expect([phones.option, laptops.option, android.option]).toEqual([1, 2, 1]);
    expect(phones.parentId).toBe(support.id);

    expect(summary(await list())).toEqual([
      [1, "Vendas"],
      [2, "Suporte"],
    ]);
    // Root also answers to a missing parentId and to "null".
    expect(summary(await list(""))).toEqual(summary(await list()));
    expect(summary(await list("null"))).toEqual(summary(await list()));
    expect(summary(await list(support.id))).toEqual([
      [1, "Telefones"],
      [2, "Notebooks"],
    ]);
    expect(summary(await list(phones.id))).toEqual([[1, "Android"]]);
    expect(await list(sales.id)).toEqual([]);
  });

  it("accepts an option with an empty title (shown as 'Título não definido')", async () => {
    const { addOk } = await setup();
    expect((await addOk("")).title).toBe("");
  });

  it("edits title and message only: number, queue and parent stay", async () => {
    const { t, addOk, list } = await setup();
    const other = await buildQueue(s, t.company.id);
    const root = await addOk("Antigo");
    const child = await addOk("Filho", root.id);
    const res = await s.request({
      method: "PUT",
      path: `/queue-options/${child.id}`,
      token: t.admin.token,
      body: { ...child, title: "Novo", message: "Nova mensagem", option: 7, parentId: null, queueId: other.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...child, title: "Novo", message: "Nova mensagem" });
    expect(summary(await list(root.id))).toEqual([[1, "Novo"]]);
  });
});

describe("delete", () => {
  it("deletes the option's whole subtree and renumbers the siblings left 1..n", async () => {
    const { t, queue, addOk, list } = await setup();
    const first = await addOk("Um");
    const second = await addOk("Dois");
    await addOk("Três");
    await addOk("Quatro");
    const child = await addOk("Filho", second.id);
    await addOk("Neto", child.id);
    await addOk("Filho de um", first.id);

    const res = await s.request({ method: "DELETE", path: `/queue-options/${second.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(summary(await list())).toEqual([
      [1, "Um"],
      [2, "Três"],
      [3, "Quatro"],
    ]);
    const rows = await s.ctx.db.select().from(queueOptions).where(eq(queueOptions.queueId, queue.id));
    expect(rows.map((r) => r.title).sort()).toEqual(["Filho de um", "Quatro", "Três", "Um"]);
    // A new sibling takes the next number.
    expect((await addOk("Cinco")).option).toBe(4);
    expect(summary(await list(first.id))).toEqual([[1, "Filho de um"]]);
  });

  it("renumbers children, not roots, when a child goes", async () => {
    const { t, addOk, list } = await setup();
    const root = await addOk("Raiz");
    await addOk("Outra raiz");
    const a = await addOk("A", root.id);
    await addOk("B", root.id);
    await addOk("C", root.id);
    await s.request({ method: "DELETE", path: `/queue-options/${a.id}`, token: t.admin.token });
    expect(summary(await list(root.id))).toEqual([
      [1, "B"],
      [2, "C"],
    ]);
    expect(summary(await list())).toEqual([
      [1, "Raiz"],
      [2, "Outra raiz"],
    ]);
  });

  it("answers 404 for an option already deleted", async () => {
    const { t, addOk } = await setup();
    const root = await addOk("Uma vez");
    await s.request({ method: "DELETE", path: `/queue-options/${root.id}`, token: t.admin.token });
    const again = await s.request({ method: "DELETE", path: `/queue-options/${root.id}`, token: t.admin.token });
    expect(again.statusCode).toBe(404);
  });
});

describe("refusals", () => {
  it("refuses a child under an option that was never saved or belongs to another queue", async () => {
    const { t, add, addOk, list } = await setup();
    const otherQueue = await buildQueue(s, t.company.id);
    const foreignParent = await s.request({
      method: "POST",
      path: "/queue-options",
      token: t.admin.token,
      body: { title: "Noutra fila", message: "", queueId: otherQueue.id, parentId: null },
    });
    for (const parentId of [999_999, foreignParent.json<QueueOptionDto>().id]) {
      const res = await add("Órfão", parentId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", details: { field: "parentId" } });
    }
    await addOk("Raiz");
    expect(summary(await list())).toEqual([[1, "Raiz"]]);
  });

  it.each([
    ["no queueId", { title: "x", message: "", queueId: undefined }],
    ["a queueId that is not a number", { title: "x", queueId: "abc" }],
    ["a title that is too long", { title: "x".repeat(201) }],
    ["a message that is not text", { title: "x", message: 5 }],
  ])("refuses %s with ERR_VALIDATION", async (_, extra) => {
    const { t, queue } = await setup();
    const res = await s.request({
      method: "POST",
      path: "/queue-options",
      token: t.admin.token,
      body: { queueId: queue.id, parentId: null, ...extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await s.ctx.db.select().from(queueOptions).where(eq(queueOptions.queueId, queue.id))).toEqual([]);
  });

  it("refuses a list without a queueId", async () => {
    const { t } = await setup();
    const res = await s.request({ path: "/queue-options?parentId=-1", token: t.admin.token });
    expect(res.statusCode).toBe(400);
  });

  it("lets agents read the tree but only admins change it", async () => {
    const { t, add, addOk, list } = await setup();
    const root = await addOk("Raiz");
    expect(summary(await list(-1, t.agent.token))).toEqual([[1, "Raiz"]]);
    expect((await add("Agente", null, t.agent.token)).statusCode).toBe(403);
    const put = await s.request({
      method: "PUT",
      path: `/queue-options/${root.id}`,
      token: t.agent.token,
      body: { title: "Mudou" },
    });
    expect(put.statusCode).toBe(403);
    const del = await s.request({ method: "DELETE", path: `/queue-options/${root.id}`, token: t.agent.token });
    expect(del.statusCode).toBe(403);
    expect(summary(await list())).toEqual([[1, "Raiz"]]);
  });
});

describe("company isolation", () => {
  async function twoTenants() {
    const mine = await setup();
    const other: Tenant = await buildTenant(s);
    const root = await mine.addOk("Opção secreta");
    return { mine, other, root };
  }

  it("never lists another company's tree, nor adds to it", async () => {
    const { mine, other, root } = await twoTenants();
    const pair = { ownerToken: mine.t.admin.token, otherToken: other.admin.token, secrets: ["Opção secreta"] };
    const path = `/queue-options?queueId=${mine.queue.id}&parentId=-1`;
    await expectCompanyIsolation(s, { request: { path }, ...pair });
    const childPath = `/queue-options?queueId=${mine.queue.id}&parentId=${root.id}`;
    await expectCompanyIsolation(s, { request: { path: childPath }, ...pair });
    const post = {
      method: "POST" as const,
      path: "/queue-options",
      body: { title: "Intrusa", message: "", queueId: mine.queue.id, parentId: root.id },
    };
    await expectCompanyIsolation(s, { request: post, ...pair });
    expect(summary(await mine.list(root.id))).toEqual([[1, "Intrusa"]]);
  });

  it("refuses another company's option as a parent in one's own queue", async () => {
    const { mine, other, root } = await twoTenants();
    const ownQueue = await buildQueue(s, other.company.id);
    const res = await s.request({
      method: "POST",
      path: "/queue-options",
      token: other.admin.token,
      body: { title: "Pendurada", message: "", queueId: ownQueue.id, parentId: root.id },
    });
    expect(res.statusCode).toBe(400);
    expect(summary(await mine.list(root.id))).toEqual([]);
  });

  it("never edits or deletes another company's option", async () => {
    const { mine, other, root } = await twoTenants();
    for (const req of [
      { method: "PUT" as const, path: `/queue-options/${root.id}`, body: { title: "Invadida" } },
      { method: "DELETE" as const, path: `/queue-options/${root.id}` },
    ]) {
      const res = await s.request({ ...req, token: other.admin.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("ERR_NOT_FOUND");
    }
    expect(summary(await mine.list())).toEqual([[1, "Opção secreta"]]);
    // And the owner still can (the helper checks both sides).
    const pair = { ownerToken: mine.t.admin.token, otherToken: other.admin.token };
    const put = { method: "PUT" as const, path: `/queue-options/${root.id}`, body: { title: "Renomeada" } };
    await expectCompanyIsolation(s, { request: put, ...pair });
    await expectCompanyIsolation(s, { request: { method: "DELETE", path: `/queue-options/${root.id}` }, ...pair });
    expect(await mine.list()).toEqual([]);
  });
});
