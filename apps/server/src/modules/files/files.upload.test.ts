/**
 * POST /files/uploadList/{fileId} and reading the files back (automation-areas
 * §7): each option holds one file, kept in the company's media and served
 * only to that company's users; every file is checked before any is stored.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FileListDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { invalidFiles, PDF, PNG } from "../../../test/sample-files.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

interface Part {
  id: number | string;
  name: string;
  data: Buffer;
}

/** A real multipart request over HTTP, as the dialog sends it: fileId, typeArch, then files, mediaType, name, id per option. */
function upload(token: string, fileId: number, parts: Part[]) {
  const form = new FormData();
  form.append("fileId", String(fileId));
  form.append("typeArch", "fileList");
  for (const part of parts) {
    form.append("files", new Blob([new Uint8Array(part.data)]), part.name);
    form.append("mediaType", "application/octet-stream");
    form.append("name", part.name);
    form.append("id", String(part.id));
  }
  return fetch(`${s.url}/api/files/uploadList/${fileId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function fileList(token: string, options = ["Preços", "Logo"]) {
  const res = await s.request({
    method: "POST",
    path: "/files",
    token,
    body: { name: "Catálogo", message: "Segue", options: options.map((name) => ({ name })) },
  });
  return res.json<FileListDto>();
}

const companyFiles = (companyId: number) =>
  readdir(path.join(s.ctx.media.root, String(companyId))).catch(() => [] as string[]);
const fetchMedia = (url: string, token: string) => s.request({ path: url.replace(/^\/api/, ""), token });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("file list uploads", () => {
  it("stores each option's file in the company's media and serves it to the company", async () => {
    const t = await buildTenant(s);
    const list = await fileList(t.admin.token);
    const [prices, logo] = list.options;
    const res = await upload(t.admin.token, list.id, [
      { id: prices!.id, name: "tabela.pdf", data: PDF },
      { id: logo!.id, name: "logo.png", data: PNG },
    ]);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as FileListDto;
    const media = new RegExp(`^/api/public/${t.company.id}/[0-9a-f]+\\.(pdf|png)$`);
    expect(saved.options).toMatchObject([
      {
        id: prices!.id,
        name: "Preços",
        mediaName: "tabela.pdf",
        mediaType: "application/pdf",
        path: expect.stringMatching(media),
      },
      { id: logo!.id, name: "Logo", mediaName: "logo.png", mediaType: "image/png", path: expect.stringMatching(media) },
    ]);
    expect((await s.request({ path: `/files/${list.id}`, token: t.agent.token })).json()).toEqual(saved);
    const file = await fetchMedia(saved.options[0]!.path!, t.agent.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(await companyFiles(t.company.id)).toHaveLength(2);
  });

  it("never serves a list's file to another company", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const list = await fileList(t.admin.token, ["Contrato"]);
    const saved = (await (
      await upload(t.admin.token, list.id, [{ id: list.options[0]!.id, name: "contrato.pdf", data: PDF }])
    ).json()) as FileListDto;
    const res = await fetchMedia(saved.options[0]!.path!, other.admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.equals(PDF)).toBe(false);
    expect((await fetchMedia(saved.options[0]!.path!, t.agent.token)).statusCode).toBe(200);
  });

  it("replaces an option's file, and removes the files of options and lists that go", async () => {
    const t = await buildTenant(s);
    const list = await fileList(t.admin.token);
    const [prices, logo] = list.options;
    await upload(t.admin.token, list.id, [
      { id: prices!.id, name: "tabela.pdf", data: PDF },
      { id: logo!.id, name: "logo.png", data: PNG },
    ]);
    const replaced = (await (
      await upload(t.admin.token, list.id, [{ id: logo!.id, name: "logo-novo.png", data: PNG }])
    ).json()) as FileListDto;
    expect(replaced.options.map((o) => o.mediaName)).toEqual(["tabela.pdf", "logo-novo.png"]);
    expect(await companyFiles(t.company.id)).toHaveLength(2);
    await s.request({
      method: "PUT",
      path: `/files/${list.id}`,
      token: t.admin.token,
      body: { name: "Catálogo", message: "Segue", options: [{ id: logo!.id, name: "Logo" }] },
    });
    expect(await companyFiles(t.company.id)).toHaveLength(1);
    await s.request({ method: "DELETE", path: `/files/${list.id}`, token: t.admin.token });
    expect(await companyFiles(t.company.id)).toHaveLength(0);
  });

  it.each(invalidFiles)(
    "refuses %s with ERR_INVALID_FILE, storing none of the form's files",
    async (_label, name, data) => {
      const t = await buildTenant(s);
      const list = await fileList(t.admin.token);
      const res = await upload(t.admin.token, list.id, [
        { id: list.options[0]!.id, name: "ok.pdf", data: PDF },
        { id: list.options[1]!.id, name, data },
      ]);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe("ERR_INVALID_FILE");
      const now = (await s.request({ path: `/files/${list.id}`, token: t.admin.token })).json<FileListDto>();
      expect(now.options.map((o) => o.path)).toEqual([null, null]);
      expect(await companyFiles(t.company.id)).toHaveLength(0);
    },
  );

  it("refuses an image over WhatsApp's 5 MB with ERR_FILE_TOO_LARGE", async () => {
    const t = await buildTenant(s);
    const list = await fileList(t.admin.token, ["Foto"]);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 7)]);
    const res = await upload(t.admin.token, list.id, [{ id: list.options[0]!.id, name: "grande.png", data: big }]);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe("ERR_FILE_TOO_LARGE");
    expect(await companyFiles(t.company.id)).toHaveLength(0);
  });

  it.each([
    ["an id of no option of the list", 2147483647],
    ["no id at all", ""],
  ])("refuses a file for %s with ERR_VALIDATION", async (_label, id) => {
    const t = await buildTenant(s);
    const list = await fileList(t.admin.token, ["Foto"]);
    const res = await upload(t.admin.token, list.id, [{ id, name: "logo.png", data: PNG }]);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("ERR_VALIDATION");
    expect(await companyFiles(t.company.id)).toHaveLength(0);
  });

  it("takes the files of all ten options in one form, and refuses an eleventh file", async () => {
    const t = await buildTenant(s);
    const list = await fileList(
      t.admin.token,
      Array.from({ length: 10 }, (_, i) => `Opção ${i}`),
    );
    const parts = list.options.map((o, i) => ({ id: o.id, name: `foto-${i}.png`, data: PNG }));
    const res = await upload(t.admin.token, list.id, parts);
    expect(res.status).toBe(200);
    expect(((await res.json()) as FileListDto).options.map((o) => o.mediaName)).toEqual(parts.map((p) => p.name));
    const more = await upload(t.admin.token, list.id, [...parts, { ...parts[0]!, name: "extra.png" }]);
    expect(more.status).toBe(413);
    expect(await errorOf(more)).toBe("ERR_TOO_MANY_PARTS");
    expect(await companyFiles(t.company.id)).toHaveLength(10);
  });

  it("lets only the company's administrators upload", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const list = await fileList(t.admin.token, ["Foto"]);
    const part = { id: list.options[0]!.id, name: "logo.png", data: PNG };
    const agent = await upload(t.agent.token, list.id, [part]);
    expect(agent.status).toBe(403);
    const foreign = await upload(other.admin.token, list.id, [part]);
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toBe("ERR_NOT_FOUND");
    expect(await companyFiles(t.company.id)).toHaveLength(0);
    expect(await companyFiles(other.company.id)).toHaveLength(0);
  });
});
