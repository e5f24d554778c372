/**
 * A company's stored bytes (issue 29 item 9): counted per company, held to its plan's storage
 * (ERR_PLAN_LIMIT_REACHED naming storage, nothing kept), freed when a file is removed, and
 * counted for files kept before the count existed.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CompanyDto, QuickMessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mediaFiles, plans } from "../db/schema/index.js";
import { buildQueue, buildTenant, login } from "../../test/factories.js";
import { uploadFlowMedia } from "../../test/flow-graphs.js";
import { ADMIN, type TestServer } from "../../test/harness.js";
import { PDF, PNG } from "../../test/sample-files.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { agentOnTicket, incomingFiles, pdfHead, streamUpload } from "../../test/uploads.js";
import { MediaStorage } from "./storage.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const KB = 1024;
const MB = 1024 * KB;
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

async function tenantWithStorage(storageMb: number) {
  const t = await buildTenant(s);
  await s.ctx.db.update(plans).set({ storageMb }).where(eq(plans.id, t.company.planId!));
  return t;
}

/** What the company's own page (and the super user's) reads. */
async function storageUsed(token: string, companyId: number) {
  return (await s.request({ path: `/companies/listPlan/${companyId}`, token })).json<CompanyDto>().storageUsedBytes;
}

const companyFiles = (companyId: number) =>
  readdir(path.join(s.ctx.media.root, String(companyId))).catch(() => [] as string[]);

describe("a company's storage", () => {
  it("refuses an upload past the plan's storage with ERR_PLAN_LIMIT_REACHED naming storage, keeping nothing", async () => {
    const t = await tenantWithStorage(1);
    const first = await uploadFlowMedia(s, t.admin.token, "img", [{ name: "a.png", data: png(700 * KB) }]);
    expect(first.status).toBe(200);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(700 * KB);

    const over = await uploadFlowMedia(s, t.admin.token, "img", [{ name: "b.png", data: png(700 * KB) }]);
    expect(over).toEqual({
      status: 403,
      body: expect.objectContaining({ error: "ERR_PLAN_LIMIT_REACHED", details: { limit: "storage", max: 1 } }),
    });
    // Sent without a length, the file is weighed once read: refused all the same.
    const streamed = await streamUpload(s, "/flowbuilder/img", {
      token: t.admin.token,
      filename: "c.png",
      head: PNG,
      size: 700 * KB,
    });
    expect(streamed.body).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", details: { limit: "storage" } });
    expect(await companyFiles(t.company.id)).toHaveLength(1);
    expect(await incomingFiles(s)).toEqual([]);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(700 * KB);
  });

  it("refuses an agent's file whose declared length passes the room left before reading it", async () => {
    const t = await tenantWithStorage(1);
    const queue = await buildQueue(s, t.company.id);
    const { token, ticket } = await agentOnTicket(s, t.company.id, queue.id);
    const size = 60 * MB;
    const res = await streamUpload(s, `/messages/${ticket.id}`, {
      token,
      filename: "manual.pdf",
      head: pdfHead,
      size,
      contentLength: size + 1024,
      fields: [["body", "manual.pdf"]],
    });
    expect(res.body).toMatchObject({ error: "ERR_PLAN_LIMIT_REACHED", details: { limit: "storage", max: 1 } });
    expect(res.sentBeforeAnswer).toBeLessThan(size);
    expect(await companyFiles(t.company.id)).toEqual([]);
    expect(await storageUsed(token, t.company.id)).toBe(0);
  });

  it("frees a removed file's bytes", async () => {
    const t = await buildTenant(s);
    const created = await s.request({
      method: "POST",
      path: "/quick-messages",
      token: t.agent.token,
      body: { shortcode: "preco" },
    });
    const q = created.json<QuickMessageDto>();
    const form = new FormData();
    form.append("typeArch", "quickMessage");
    form.append("file", new Blob([new Uint8Array(PDF)]), "precos.pdf");
    const uploaded = await fetch(`${s.url}/api/quick-messages/${q.id}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(PDF.length);
    const deleted = await s.request({ method: "DELETE", path: `/quick-messages/${q.id}`, token: t.agent.token });
    expect(deleted.statusCode).toBe(200);
    expect(await companyFiles(t.company.id)).toEqual([]);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(0);
  });

  it("counts each company's files for it alone: one at its limit leaves another's uploads alone", async () => {
    const full = await tenantWithStorage(1);
    const other = await tenantWithStorage(1);
    expect((await uploadFlowMedia(s, full.admin.token, "img", [{ name: "a.png", data: png(900 * KB) }])).status).toBe(
      200,
    );
    expect((await uploadFlowMedia(s, full.admin.token, "img", [{ name: "b.png", data: png(200 * KB) }])).status).toBe(
      403,
    );
    expect((await uploadFlowMedia(s, other.admin.token, "img", [{ name: "b.png", data: png(900 * KB) }])).status).toBe(
      200,
    );
    // The super user's list of companies shows each one's own.
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    const listed = (await s.request({ path: "/companies/list", token: superToken })).json<CompanyDto[]>();
    const usage = (id: number) => listed.find((c) => c.id === id)?.storageUsedBytes;
    expect([usage(full.company.id), usage(other.company.id)]).toEqual([900 * KB, 900 * KB]);
    expect(listed.find((c) => c.id === full.company.id)?.plan?.storageMb).toBe(1);
  });

  it("leaves nothing of a deleted company on the disk", async () => {
    const t = await buildTenant(s);
    expect((await uploadFlowMedia(s, t.admin.token, "img", [{ name: "a.png", data: png(10 * KB) }])).status).toBe(200);
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    const deleted = await s.request({ method: "DELETE", path: `/companies/${t.company.id}`, token: superToken });
    expect(deleted.statusCode).toBe(200);
    await expect(readdir(path.join(s.ctx.media.root, String(t.company.id)))).rejects.toThrow("ENOENT");
  });

  it("counts, once, the files a company kept before its storage was counted", async () => {
    const t = await buildTenant(s);
    const folder = path.join(s.ctx.media.root, String(t.company.id));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "old1.pdf"), Buffer.alloc(3000));
    await writeFile(path.join(folder, "old2.png"), Buffer.alloc(5000));
    // An installation from before: nothing counted yet.
    await s.ctx.db.delete(mediaFiles);
    await MediaStorage.open(s.ctx.config.DATA_DIR, s.ctx.db);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(8000);
    await MediaStorage.open(s.ctx.config.DATA_DIR, s.ctx.db);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(8000);
  });
});
