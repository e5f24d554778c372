/** Tags (business-areas §2.5, §3 Tag, §5 Tag, §7 "Tags and kanban"). */
import { lookupListMax } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
const post = (token: string, body: unknown) => s.request({ method: "POST", path: "/tags", token, body });
async function newTag(token: string, body: Record<string, unknown> = {}) {
  const res = await post(token, { name: `Tag ${Math.random().toString(36).slice(2, 8)}`, color: "#ff0000", ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const list = (t: Tenant, query = "") => s.request({ path: `/tags${query}`, token: t.agent.token });

describe("tags: create, show, update, delete", () => {
  it("creates a tag owned by the signed-in user, with its colour and ticketsCount 0", async () => {
    const t = await buildTenant(s);
    const tag = await newTag(t.agent.token, { name: "  Urgent  ", color: "#A1B2C3", userId: 999 });
    expect(tag).toMatchObject({ name: "Urgent", color: "#a1b2c3", kanban: 0, userId: t.agent.id, ticketsCount: 0 });
    const shown = await s.request({ path: `/tags/${tag.id}`, token: t.admin.token });
    expect(shown.json()).toMatchObject({ id: tag.id, name: "Urgent", ticketsCount: 0 });
  });

  it("gives a tag created with only a name (the ticket tag autocomplete) the default colour", async () => {
    const t = await buildTenant(s);
    const res = await post(t.agent.token, { name: "From ticket" });
    expect(res.json()).toMatchObject({ color: "#a4cccc", kanban: 0 });
  });

  it("updates name and colour and keeps the colour when none is sent", async () => {
    const t = await buildTenant(s);
    const tag = await newTag(t.agent.token);
    const res = await s.request({
      method: "PUT",
      path: `/tags/${tag.id}`,
      token: t.agent.token,
      body: { name: "Renamed" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Renamed", color: "#ff0000" });
    const recoloured = await s.request({
      method: "PUT",
      path: `/tags/${tag.id}`,
      token: t.agent.token,
      body: { name: "Renamed", color: "#00f" },
    });
    expect(recoloured.json().color).toBe("#00f");
  });

  it("deletes a tag; then it answers 404", async () => {
    const t = await buildTenant(s);
    const tag = await newTag(t.agent.token);
    const del = await s.request({ method: "DELETE", path: `/tags/${tag.id}`, token: t.agent.token });
    expect(del.statusCode).toBe(204);
    const gone = await s.request({ path: `/tags/${tag.id}`, token: t.agent.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});

describe("tags: validation", () => {
  it("refuses short names and colours that are not '#' + hex, and stores nothing", async () => {
    const t = await buildTenant(s);
    for (const bad of [
      { name: "ab", color: "#ffffff" },
      { name: "", color: "#ffffff" },
      { name: "x".repeat(51), color: "#ffffff" },
      { name: "Good name", color: "red" },
      { name: "Good name", color: "#ggg" },
      { name: "Good name", color: "#ff000080" },
      { name: "Good name", color: "ff0000" },
      { name: "Good name", kanban: 2 },
    ]) {
      const res = await post(t.admin.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    expect((await list(t)).json()).toMatchObject({ tags: [], count: 0, hasMore: false });
  });

  it("refuses a second tag with the same name in the company (any case) with ERR_DUPLICATED_TAG", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const first = await newTag(t.agent.token, { name: "Vip" });
    const dup = await post(t.admin.token, { name: "VIP", color: "#000000" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "ERR_DUPLICATED_TAG" });
    const second = await newTag(t.agent.token, { name: "Second" });
    const rename = await s.request({
      method: "PUT",
      path: `/tags/${second.id}`,
      token: t.agent.token,
      body: { name: "vip" },
    });
    expect(rename.json()).toEqual({ error: "ERR_DUPLICATED_TAG" });
    // Another company may use the name.
    await newTag(other.agent.token, { name: "Vip" });
    expect((await list(t)).json().tags.map((x: { id: number }) => x.id)).toEqual([second.id, first.id]);
  });
});

describe("tags: the kanban flag", () => {
  it("lets admins and supervisors set it; a user gets ERR_NO_PERMISSION and nothing is stored", async () => {
    const t = await buildTenant(s);
    const supervisor = await buildUser(s, { companyId: t.company.id, profile: "supervisor" });
    const supToken = (await login(s, supervisor.email)).token;
    expect((await newTag(t.admin.token, { kanban: 1 })).kanban).toBe(1);
    expect((await newTag(supToken, { kanban: true })).kanban).toBe(1);
    const refused = await post(t.agent.token, { name: "Lane by agent", kanban: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await list(t, "?searchParam=lane by agent")).json().count).toBe(0);
  });

  it("lets a user edit a kanban tag as long as the flag stays as it is", async () => {
    const t = await buildTenant(s);
    const lane = await newTag(t.admin.token, { name: "Lane", kanban: 1 });
    const keep = await s.request({
      method: "PUT",
      path: `/tags/${lane.id}`,
      token: t.agent.token,
      body: { name: "Lane renamed", kanban: 1 },
    });
    expect(keep.json()).toMatchObject({ name: "Lane renamed", kanban: 1 });
    const off = await s.request({
      method: "PUT",
      path: `/tags/${lane.id}`,
      token: t.agent.token,
      body: { name: "X lane", kanban: 0 },
    });
    expect(off.statusCode).toBe(403);
    expect((await s.request({ path: `/tags/${lane.id}`, token: t.agent.token })).json()).toMatchObject({
      name: "Lane renamed",
      kanban: 1,
    });
  });

  it("GET /tags/kanban lists only the kanban tags, as lista, and follows the plan's useKanban", async () => {
    const t = await buildTenant(s);
    const lane = await newTag(t.admin.token, { name: "Lane one", kanban: 1 });
    await newTag(t.admin.token, { name: "Not a lane" });
    const res = await s.request({ path: "/tags/kanban", token: t.agent.token });
    expect(res.json().lista.map((x: { id: number }) => x.id)).toEqual([lane.id]);
    const plan = await buildPlan(s, { useKanban: false });
    const company = await buildCompany(s, { planId: plan.id });
    const user = await buildUser(s, { companyId: company.id, profile: "admin" });
    const denied = await s.request({ path: "/tags/kanban", token: (await login(s, user.email)).token });
    expect(denied.statusCode).toBe(403);
  });
});

describe("tags: lists", () => {
  it("pages by name with search, count and hasMore; /tags/list answers at most 50, searched by searchParam", async () => {
    const t = await buildTenant(s);
    for (let i = 0; i < 23; i++) await newTag(t.agent.token, { name: `Alpha ${String(i).padStart(2, "0")}` });
    await newTag(t.agent.token, { name: "Beta_%" });
    const first = (await list(t, "?searchParam=alpha&pageNumber=1")).json();
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.tags).toHaveLength(20);
    expect(first.tags[0]).toMatchObject({ name: "Alpha 00", ticketsCount: 0 });
    const second = (await list(t, "?searchParam=alpha&pageNumber=2")).json();
    expect(second).toMatchObject({ count: 23, hasMore: false });
    expect(second.tags.map((x: { name: string }) => x.name)).toEqual(["Alpha 20", "Alpha 21", "Alpha 22"]);
    // The search's % and _ are literal characters.
    expect((await list(t, "?searchParam=_%25")).json().tags.map((x: { name: string }) => x.name)).toEqual(["Beta_%"]);
    const all = await s.request({ path: "/tags/list", token: t.agent.token });
    expect(all.json()).toHaveLength(24);
    for (let i = 0; i < lookupListMax; i++) await newTag(t.agent.token, { name: `Gamma ${i}` });
    expect((await s.request({ path: "/tags/list", token: t.agent.token })).json()).toHaveLength(lookupListMax);
    const searched = await s.request({ path: "/tags/list?searchParam=beta", token: t.agent.token });
    expect(searched.json().map((x: { name: string }) => x.name)).toEqual(["Beta_%"]);
  });
});

describe("tags: realtime on company-{companyId}-tag", () => {
  it("tells the company's sockets of create, update and delete, and no other company", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const socket = await connectSocket(s, t.admin.token);
    const stranger = await connectSocket(s, other.admin.token);
    const leaked = record(stranger, `company-${t.company.id}-tag`);
    const channel = `company-${t.company.id}-tag`;
    let event = nextEvent(socket, channel);
    const tag = await newTag(t.agent.token, { name: "Live" });
    expect(await event).toMatchObject({ action: "create", tag: { id: tag.id, name: "Live", ticketsCount: 0 } });
    event = nextEvent(socket, channel);
    await s.request({ method: "PUT", path: `/tags/${tag.id}`, token: t.agent.token, body: { name: "Live 2" } });
    expect(await event).toMatchObject({ action: "update", tag: { id: tag.id, name: "Live 2" } });
    event = nextEvent(socket, channel);
    await s.request({ method: "DELETE", path: `/tags/${tag.id}`, token: t.agent.token });
    expect(await event).toEqual({ action: "delete", tagId: tag.id });
    await flush(s, stranger);
    expect(leaked).toEqual([]);
  });
});

describe("tags: other companies", () => {
  it("never reveals or changes another company's tag", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const tag = await newTag(a.agent.token, { name: "Secret tag" });
    const requests = [
      { path: `/tags/${tag.id}` },
      { method: "PUT" as const, path: `/tags/${tag.id}`, body: { name: "Secret tag" } },
    ];
    for (const request of requests) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: a.admin.token,
        otherToken: b.admin.token,
        secrets: ["Secret tag"],
      });
    }
    const del = await s.request({ method: "DELETE", path: `/tags/${tag.id}`, token: b.admin.token });
    expect(del.statusCode).toBe(404);
    for (const path of ["/tags", "/tags/list", "/tags/kanban"]) {
      if (path === "/tags/kanban") await newTag(a.admin.token, { name: "Secret lane", kanban: 1 });
      await expectListIsolation(s, {
        path,
        ownerToken: a.admin.token,
        otherToken: b.admin.token,
        secrets: [path === "/tags/kanban" ? "Secret lane" : "Secret tag"],
      });
    }
    expect((await s.request({ path: `/tags/${tag.id}`, token: a.admin.token })).statusCode).toBe(200);
  });
});
