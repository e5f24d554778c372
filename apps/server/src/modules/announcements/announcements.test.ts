/** /announcements (business-areas §2.14, §5, §7): super users write, every signed-in user reads active ones. */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, announcementViews } from "../../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant } from "../../../test/factories.js";
import { login } from "../../../test/factories.js";

let s: TestServer;
let superToken: string;
beforeAll(async () => {
  s = await startTestServer();
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await s.close();
});

const uid = () => randomBytes(4).toString("hex");
const form = (overrides: Record<string, unknown> = {}) => ({
  title: `Manutenção ${uid()}`,
  text: "O sistema ficará fora do ar às 22h.",
  priority: 1,
  status: true,
  ...overrides,
});
const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, token = superToken) =>
  s.request({ method, path, token, body });
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await call("POST", "/announcements", form(overrides));
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; title: string }>();
};
const row = async (id: number) => (await s.ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const total = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(announcements))[0]!.n;

describe("writing announcements (super)", () => {
  it("creates with the spec's fields and defaults, edits and deletes", async () => {
    const res = await call("POST", "/announcements", { title: "Olá", text: "Bem-vindos" });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ title: "Olá", text: "Bem-vindos", priority: 3, status: true, mediaPath: null });
    expect(Object.keys(created).sort()).toEqual(
      ["createdAt", "id", "mediaName", "mediaPath", "priority", "status", "text", "title", "updatedAt"].sort(),
    );

    const edited = await call("PUT", `/announcements/${created.id}`, { ...created, priority: "2", status: false });
    expect(edited.statusCode).toBe(200);
    expect(await row(created.id)).toMatchObject({ priority: 2, status: false, title: "Olá" });
    expect((await call("GET", `/announcements/${created.id}`)).json()).toMatchObject({ priority: 2, status: false });

    expect((await call("DELETE", `/announcements/${created.id}`)).statusCode).toBe(200);
    expect(await row(created.id)).toBeUndefined();
    const gone = await call("DELETE", `/announcements/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await call("PUT", `/announcements/${created.id}`, form())).statusCode).toBe(404);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no title", { title: "   " }, "title"],
    ["a missing title", { title: undefined }, "title"],
    ["no text", { text: "" }, "text"],
    ["priority 0", { priority: 0 }, "priority"],
    ["priority 4", { priority: 4 }, "priority"],
    ["a word as priority", { priority: "alta" }, "priority"],
    ["a status that is not a boolean", { status: "maybe" }, "status"],
  ];
  it.each(invalid)("answers 400 ERR_VALIDATION for %s, storing nothing", async (_, overrides, field) => {
    const before = await total();
    const res = await call("POST", "/announcements", form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await total()).toBe(before);
  });

  it("refuses bad input on edit, changing nothing", async () => {
    const a = await create();
    const res = await call("PUT", `/announcements/${a.id}`, form({ priority: 9, title: "Mudou" }));
    expect(res.statusCode).toBe(400);
    expect((await row(a.id))!.title).toBe(a.title);
  });

  it("refuses company admins and agents with 403 ERR_NO_PERMISSION, changing nothing", async () => {
    const { admin, agent } = await buildTenant(s);
    const a = await create();
    const before = await total();
    for (const token of [admin.token, agent.token]) {
      for (const [method, path, body] of [
        ["POST", "/announcements", form()],
        ["PUT", `/announcements/${a.id}`, form({ title: "Hijacked" })],
        ["DELETE", `/announcements/${a.id}`, undefined],
        ["DELETE", `/announcements/${a.id}/media-upload`, undefined],
      ] as const) {
        const res = await call(method, path, body, token);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
    expect(await total()).toBe(before);
    expect((await row(a.id))!.title).toBe(a.title);
  });

  it("answers 401 without a token", async () => {
    expect((await s.request({ path: "/announcements/" })).statusCode).toBe(401);
    expect((await s.request({ method: "POST", path: "/announcements", body: form() })).statusCode).toBe(401);
  });
});

describe("reading announcements", () => {
  it("shows an active announcement to a user of any company, newest first, at /announcements/", async () => {
    const older = await create({ text: `older ${uid()}` });
    const newer = await create({ text: `newer ${uid()}` });
    for (const { agent } of [await buildTenant(s), await buildTenant(s)]) {
      const res = await call("GET", "/announcements/?pageNumber=1", undefined, agent.token);
      expect(res.statusCode).toBe(200);
      const ids = res.json().records.map((r: { id: number }) => r.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      const one = await call("GET", `/announcements/${older.id}`, undefined, agent.token);
      expect(one.statusCode).toBe(200);
      expect(one.json().title).toBe(older.title);
    }
  });

  it("hides an inactive announcement from non-super users (list and show), not from super users", async () => {
    const hidden = await create({ status: false, title: `Rascunho ${uid()}` });
    const { admin } = await buildTenant(s);
    const list = await call("GET", `/announcements?searchParam=${hidden.title}`, undefined, admin.token);
    expect(list.json()).toMatchObject({ records: [], count: 0, hasMore: false });
    expect(list.body).not.toContain(hidden.title);
    const one = await call("GET", `/announcements/${hidden.id}`, undefined, admin.token);
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain(hidden.title);

    const superList = await call("GET", `/announcements?searchParam=${hidden.title}`);
    expect(superList.json().records.map((r: { id: number }) => r.id)).toEqual([hidden.id]);
    // The popover asks for active ones only, super users included.
    const popover = await call("GET", `/announcements?searchParam=${hidden.title}&active=true`);
    expect(popover.json().records).toEqual([]);
  });

  it("pages by 20 with count and hasMore, and searches title and text lower-cased", async () => {
    const tag = uid();
    for (let i = 0; i < 21; i++) await create({ title: `Aviso ${tag} ${i}` });
    await create({ title: "Outro", text: `Texto com ${tag.toUpperCase()}` });
    const first = (await call("GET", `/announcements/?searchParam=aviso ${tag}&pageNumber=1`)).json();
    expect(first.records).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    const second = (await call("GET", `/announcements/?searchParam=AVISO ${tag}&pageNumber=2`)).json();
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.records).toHaveLength(1);
    const byText = (await call("GET", `/announcements/?searchParam=${tag}`)).json();
    expect(byText.count).toBe(22);
  });

  it("answers 404 for an unknown id and 400 for a bad one", async () => {
    expect((await call("GET", "/announcements/999999")).statusCode).toBe(404);
    expect((await call("GET", "/announcements/abc")).statusCode).toBe(400);
  });
});

describe("seen tracking per user", () => {
  it("counts unseen active announcements per user and marks the listed ones seen", async () => {
    const { agent, admin } = await buildTenant(s);
    const { agent: stranger } = await buildTenant(s);
    const start = (await call("GET", "/announcements/", undefined, agent.token)).json().unseenCount as number;
    const a = await create();
    const b = await create();
    const inactive = await create({ status: false });

    const list = (await call("GET", "/announcements/", undefined, agent.token)).json();
    expect(list.unseenCount).toBe(start + 2);
    expect(list.records.find((r: { id: number }) => r.id === a.id).seen).toBe(false);

    const marked = await call("POST", "/announcements/seen", { ids: [a.id, b.id, inactive.id, 999999] }, agent.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unseenCount: start });
    const after = (await call("GET", "/announcements/", undefined, agent.token)).json();
    expect(after.unseenCount).toBe(start);
    expect(after.records.find((r: { id: number }) => r.id === a.id).seen).toBe(true);
    // Marks are the agent's own: nothing changes for anyone else, and an inactive id is not marked.
    const views = await s.ctx.db.select().from(announcementViews).where(eq(announcementViews.userId, agent.id));
    expect(views.map((v) => v.announcementId)).not.toContain(inactive.id);
    for (const other of [admin, stranger]) {
      const theirs = (await call("GET", "/announcements/", undefined, other.token)).json();
      expect(theirs.records.find((r: { id: number }) => r.id === a.id).seen).toBe(false);
    }
    // Marking again changes nothing.
    expect((await call("POST", "/announcements/seen", { ids: [a.id] }, agent.token)).json()).toEqual({
      unseenCount: start,
    });
  });

  it("refuses a bad body and a missing token", async () => {
    const { agent } = await buildTenant(s);
    expect((await call("POST", "/announcements/seen", { ids: ["x"] }, agent.token)).statusCode).toBe(400);
    expect((await call("POST", "/announcements/seen", {}, agent.token)).statusCode).toBe(400);
    expect((await s.request({ method: "POST", path: "/announcements/seen", body: { ids: [] } })).statusCode).toBe(401);
  });
});
