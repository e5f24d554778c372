/** /files (automation-areas "File lists"): CRUD, validation, who may write, realtime and isolation. */
import { channels, type ChannelPayloads, type FileListDto, type FileListPage } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started));

// What the spec's dialog sends (automation-areas §7), userId included.
const body = (extra: Record<string, unknown> = {}) => ({
  name: "Catálogo",
  message: "Segue nosso catálogo",
  userId: 999,
  options: [
    { name: "Tabela de preços", path: "", mediaType: "" },
    { name: "Fotos", path: "", mediaType: "" },
  ],
  ...extra,
});
const create = (token: string, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/files", token, body: body(extra) });
const put = (token: string, id: number, extra: Record<string, unknown> = {}) =>
  s.request({ method: "PUT", path: `/files/${id}`, token, body: body(extra) });
const page = async (token: string, query = "") =>
  (await s.request({ path: `/files/?companyId=1${query}`, token })).json<FileListPage>();
const names = (list: { name: string }[]) => list.map((f) => f.name);

describe("create, read, update, delete", () => {
  it("creates a list with its options in order, owned by the caller, and reads it back", async () => {
    const t = await buildTenant(s);
    const res = await create(t.admin.token);
    expect(res.statusCode).toBe(200);
    const list = res.json<FileListDto>();
    expect(list).toMatchObject({
      id: expect.any(Number),
      name: "Catálogo",
      message: "Segue nosso catálogo",
      userId: t.admin.id,
      companyId: t.company.id,
      options: [
        { id: expect.any(Number), name: "Tabela de preços", path: null, mediaType: null, mediaName: null },
        { id: expect.any(Number), name: "Fotos", path: null, mediaType: null, mediaName: null },
      ],
    });
    expect((await s.request({ path: `/files/${list.id}`, token: t.agent.token })).json()).toEqual(list);
    expect(await page(t.agent.token)).toEqual({ files: [list], hasMore: false, count: 1 });
  });

  it("keeps options sent with their id, adds those without, and drops those left out", async () => {
    const t = await buildTenant(s);
    const list = (await create(t.admin.token)).json<FileListDto>();
    const [prices, photos] = list.options;
    const res = await put(t.admin.token, list.id, {
      name: "Catálogo 2026",
      options: [{ id: photos!.id, name: "Fotos novas" }, { name: "Vídeo" }],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<FileListDto>();
    expect(saved.name).toBe("Catálogo 2026");
    expect(saved.options.map((o) => [o.id === photos!.id, o.name])).toEqual([
      [true, "Fotos novas"],
      [false, "Vídeo"],
    ]);
    expect(saved.options.some((o) => o.id === prices!.id)).toBe(false);
    expect((await s.request({ path: `/files/${list.id}`, token: t.admin.token })).json()).toEqual(saved);
  });

  it("deletes a list: it is gone from the list and answers 404", async () => {
    const t = await buildTenant(s);
    const list = (await create(t.admin.token)).json<FileListDto>();
    const del = await s.request({ method: "DELETE", path: `/files/${list.id}`, token: t.admin.token });
    expect(del.statusCode).toBe(200);
    expect((await page(t.admin.token)).count).toBe(0);
    const gone = await s.request({ path: `/files/${list.id}`, token: t.admin.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("ERR_NOT_FOUND");
  });

  it("pages by name and searches the name", async () => {
    const t = await buildTenant(s);
    for (let i = 0; i < 21; i++) await create(t.admin.token, { name: `Lista ${String(i).padStart(2, "0")}` });
    await create(t.admin.token, { name: "Apresentação" });
    const first = await page(t.admin.token, "&pageNumber=1");
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.files).toHaveLength(20);
    expect(first.files[0]!.name).toBe("Apresentação");
    const second = await page(t.admin.token, "&pageNumber=2");
    expect(second.hasMore).toBe(false);
    expect(names(second.files)).toEqual(["Lista 19", "Lista 20"]);
    expect(names((await page(t.admin.token, "&searchParam=apresenta")).files)).toEqual(["Apresentação"]);
  });
});

describe("validation and rights", () => {
  it.each([
    ["a name shorter than 3 characters", { name: "ab" }],
    ["a missing name", { name: undefined }],
    ["an empty message", { message: "  " }],
    ["a missing message", { message: undefined }],
    ["more than 10 options", { options: Array.from({ length: 11 }, (_, i) => ({ name: `o${i}` })) }],
  ])("refuses %s with ERR_VALIDATION and saves nothing", async (_label, extra) => {
    const t = await buildTenant(s);
    const res = await create(t.admin.token, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect((await page(t.admin.token)).count).toBe(0);
  });

  it("refuses an option id of another list with ERR_VALIDATION and changes nothing", async () => {
    const t = await buildTenant(s);
    const a = (await create(t.admin.token, { name: "Lista A" })).json<FileListDto>();
    const b = (await create(t.admin.token, { name: "Lista B" })).json<FileListDto>();
    const res = await put(t.admin.token, a.id, { name: "Lista A2", options: [{ id: b.options[0]!.id, name: "x" }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect((await s.request({ path: `/files/${a.id}`, token: t.admin.token })).json()).toEqual(a);
  });

  it("lets an agent read the lists but not write them", async () => {
    const t = await buildTenant(s);
    const list = (await create(t.admin.token)).json<FileListDto>();
    for (const res of [
      await create(t.agent.token),
      await put(t.agent.token, list.id, { name: "Roubada" }),
      await s.request({ method: "DELETE", path: `/files/${list.id}`, token: t.agent.token }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
    expect((await page(t.agent.token)).files).toEqual([list]);
  });
});

describe("realtime and isolation", () => {
  it("sends create, update and delete on company-{id}-file to that company only", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.admin.token);
    const seen = record<ChannelPayloads["file"]>(mine, channels.file(t.company.id));
    const leaked = [t.company.id, other.company.id].map((id) => record(theirs, channels.file(id)));
    const list = (await create(t.admin.token)).json<FileListDto>();
    await put(t.admin.token, list.id, { name: "Renomeada", options: [] });
    await s.request({ method: "DELETE", path: `/files/${list.id}`, token: t.admin.token });
    await flush(s, mine);
    await flush(s, theirs);
    expect(channels.file(t.company.id)).toBe(`company-${t.company.id}-file`);
    expect(seen.map((e) => [e.action, e.files?.name ?? e.fileId, e.files?.options.length])).toEqual([
      ["create", "Catálogo", 2],
      ["update", "Renomeada", 0],
      ["delete", list.id, undefined],
    ]);
    for (const got of leaked) expect(got).toEqual([]);
  });

  it("never shows or changes another company's list", async () => {
    const owner = await buildTenant(s);
    const other = await buildTenant(s);
    const list = (await create(owner.admin.token, { name: "Segredo comercial" })).json<FileListDto>();
    const secrets = ["Segredo comercial"];
    await expectListIsolation(s, {
      path: "/files",
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
      secrets,
    });
    for (const request of [
      { path: `/files/${list.id}` },
      { method: "PUT" as const, path: `/files/${list.id}`, body: body({ name: "Segredo comercial" }) },
      { method: "DELETE" as const, path: `/files/${list.id}` },
    ]) {
      const { other: res } = await expectCompanyIsolation(s, {
        request,
        ownerToken: owner.admin.token,
        otherToken: other.admin.token,
        secrets,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("ERR_NOT_FOUND");
    }
  });
});
