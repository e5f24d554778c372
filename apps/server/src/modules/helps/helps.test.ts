/** /helps (core-platform §7.3, business-areas §2.17): everyone reads, super users write. */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helps } from "../../db/schema/index.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, login } from "../../../test/factories.js";

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
  title: `Como abrir um ticket ${uid()}`,
  description: "Passo a passo",
  video: "dQw4w9WgXcQ",
  ...overrides,
});
const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, token = superToken) =>
  s.request({ method, path, token, body });
const helpRow = async (id: number) => (await s.ctx.db.select().from(helps).where(eq(helps.id, id)))[0];
const helpCount = async () => (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(helps))[0]!.n;

describe("writing helps (super)", () => {
  it("creates, edits and deletes a help", async () => {
    const created = await call("POST", "/helps", form());
    expect(created.statusCode).toBe(200);
    const help = created.json();
    expect(help).toMatchObject({ title: expect.stringContaining("Como abrir"), video: "dQw4w9WgXcQ" });

    const edited = await call("PUT", `/helps/${help.id}`, { ...help, title: "Novo título", video: "abcdefghijk" });
    expect(edited.statusCode).toBe(200);
    expect(await helpRow(help.id)).toMatchObject({ title: "Novo título", video: "abcdefghijk" });

    expect((await call("DELETE", `/helps/${help.id}`)).statusCode).toBe(200);
    expect(await helpRow(help.id)).toBeUndefined();
    const gone = await call("DELETE", `/helps/${help.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });

  it("stores only the video code when a YouTube address is pasted", async () => {
    for (const video of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "https://youtu.be/dQw4w9WgXcQ",
      "youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ]) {
      const res = await call("POST", "/helps", form({ video }));
      expect(res.json().video, video).toBe("dQw4w9WgXcQ");
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no title", { title: "  " }, "title"],
    ["no video", { video: "" }, "video"],
    ["a video code of the wrong length", { video: "abc" }, "video"],
    ["a code with markup", { video: "<script>x</" }, "video"],
    ["another site's address", { video: "https://vimeo.com/123456789" }, "video"],
  ];
  it.each(invalid)("answers 400 ERR_VALIDATION for %s, storing nothing", async (_, overrides, field) => {
    const before = await helpCount();
    const res = await call("POST", "/helps", form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await helpCount()).toBe(before);
  });

  it("refuses bad input on edit and an unknown id, changing nothing", async () => {
    const help = (await call("POST", "/helps", form())).json();
    expect((await call("PUT", `/helps/${help.id}`, form({ video: "nope" }))).statusCode).toBe(400);
    expect((await helpRow(help.id))!.title).toBe(help.title);
    const unknown = await call("PUT", "/helps/999999", form());
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a company admin with 403 ERR_NO_PERMISSION, changing nothing", async () => {
    const { admin } = await buildTenant(s);
    const help = (await call("POST", "/helps", form())).json();
    const before = await helpCount();
    for (const [method, path, body] of [
      ["POST", "/helps", form()],
      ["PUT", `/helps/${help.id}`, form({ title: "Hijacked" })],
      ["DELETE", `/helps/${help.id}`, undefined],
    ] as const) {
      const res = await call(method, path, body, admin.token);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect(await helpCount()).toBe(before);
    expect((await helpRow(help.id))!.title).toBe(help.title);
  });
});

describe("reading helps (any signed-in user)", () => {
  it("lists every help to an agent of any company, by title", async () => {
    const tag = uid();
    for (const title of [`B ${tag}`, `A ${tag}`]) await call("POST", "/helps", form({ title }));
    const { agent } = await buildTenant(s);
    const list = await call("GET", "/helps/list", undefined, agent.token);
    expect(list.statusCode).toBe(200);
    const titles = list.json().map((h: { title: string }) => h.title);
    expect(titles.filter((t: string) => t.endsWith(tag))).toEqual([`A ${tag}`, `B ${tag}`]);
    expect(Object.keys(list.json()[0]).sort()).toEqual(
      ["createdAt", "description", "id", "title", "updatedAt", "video"].sort(),
    );
  });

  it("pages and searches GET /helps as {helps, count, hasMore}", async () => {
    const tag = uid();
    for (let i = 0; i < 21; i++) await call("POST", "/helps", form({ title: `Page ${tag} ${i}` }));
    const { agent } = await buildTenant(s);
    const first = (await call("GET", `/helps?searchParam=PAGE ${tag}&pageNumber=1`, undefined, agent.token)).json();
    expect(first.helps).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    const second = (await call("GET", `/helps?searchParam=page ${tag}&pageNumber=2`, undefined, agent.token)).json();
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.helps).toHaveLength(1);
  });

  it("answers 401 without a token", async () => {
    expect((await s.request({ path: "/helps/list" })).statusCode).toBe(401);
  });
});
