/** POST/DELETE /quick-messages/{id}/media-upload and reading the file back (business-areas §2.7, §5, §7). */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { QuickMessageDto } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidFiles, PDF, PNG } from "../../../test/sample-files.js";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** A real multipart request over HTTP, as the modal sends it (typeArch first, then the file). */
function upload(token: string, id: number, name: string, data: Buffer) {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return fetch(`${s.url}/api/quick-messages/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function quickMessage(token: string, extra: Record<string, unknown> = {}) {
  const res = await s.request({
    method: "POST",
    path: "/quick-messages",
    token,
    body: { shortcode: "preco", ...extra },
  });
  return res.json<QuickMessageDto>();
}

const companyFiles = (companyId: number) =>
  readdir(path.join(s.ctx.media.root, String(companyId))).catch(() => [] as string[]);

describe("quick message media", () => {
  it("stores a file with underscores for spaces, serves it to the company, replaces and removes it", async () => {
    const t = await buildTenant(s);
    const q = await quickMessage(t.agent.token);
    const res = await upload(t.agent.token, q.id, "Tabela de preços 2026.pdf", PDF);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as QuickMessageDto;
    expect(saved).toMatchObject({
      id: q.id,
      isMedia: true,
      mediaName: "Tabela_de_preços_2026.pdf",
      mediaPath: expect.stringMatching(new RegExp(`^/api/public/${t.company.id}/[0-9a-f]+\\.pdf$`)),
    });
    // The message input fetches it with the token, as any media of the company.
    const file = await s.request({ path: saved.mediaPath!.replace(/^\/api/, ""), token: t.admin.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const replaced = (await (await upload(t.agent.token, q.id, "logo.png", PNG)).json()) as QuickMessageDto;
    expect(replaced.mediaName).toBe("logo.png");
    expect(await companyFiles(t.company.id)).toHaveLength(1);

    const removed = await s.request({
      method: "DELETE",
      path: `/quick-messages/${q.id}/media-upload`,
      token: t.agent.token,
    });
    expect(removed.json()).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await companyFiles(t.company.id)).toHaveLength(0);
  });

  it.each(invalidFiles)("refuses %s with ERR_INVALID_FILE and keeps the old attachment", async (_label, name, data) => {
    const t = await buildTenant(s);
    const q = await quickMessage(t.agent.token);
    const first = (await (await upload(t.agent.token, q.id, "ok.png", PNG)).json()) as QuickMessageDto;
    const res = await upload(t.agent.token, q.id, name, data);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("ERR_INVALID_FILE");
    const now = (await s.request({ path: `/quick-messages/${q.id}`, token: t.agent.token })).json<QuickMessageDto>();
    expect(now.mediaPath).toBe(first.mediaPath);
    expect(await companyFiles(t.company.id)).toHaveLength(1);
  });

  it("refuses a file over 16 MB with ERR_FILE_TOO_LARGE", async () => {
    const t = await buildTenant(s);
    const q = await quickMessage(t.agent.token);
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(16 * 1024 * 1024, 7)]);
    const res = await upload(t.agent.token, q.id, "grande.pdf", big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe("ERR_FILE_TOO_LARGE");
    expect(await companyFiles(t.company.id)).toHaveLength(0);
  });

  it("lets only those who may edit the quick message attach to it", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const colleague = await buildUser(s, { companyId: t.company.id });
    const colleagueToken = (await login(s, colleague.email)).token;
    const shared = await quickMessage(t.agent.token, { geral: true });
    const refused = await upload(colleagueToken, shared.id, "x.png", PNG);
    expect(refused.status).toBe(403);
    const foreign = await upload(other.admin.token, shared.id, "x.png", PNG);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: string }).error).toBe("ERR_NOT_FOUND");
    expect(await companyFiles(t.company.id)).toHaveLength(0);
    expect(await companyFiles(other.company.id)).toHaveLength(0);
  });
});
