/**
 * POST and DELETE /campaigns/{id}/media-upload (business-areas §2.11, §7):
 * one attachment, checked like a file an agent sends before anything is
 * kept, stored in the company's media and served to the company; taken only
 * while the campaign is editable or CANCELADA.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { CampaignDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCampaign } from "../../../test/campaigns.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { invalidFiles, PDF, PNG } from "../../../test/sample-files.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { incomingFiles } from "../../../test/uploads.js";
import { campaigns } from "../../db/schema/index.js";

let s: TestServer;
serverPerFile((started) => (s = started));

function upload(token: string, id: number, name: string, data: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return fetch(`${s.url}/api/campaigns/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

const companyFiles = (companyId: number) =>
  readdir(path.join(s.ctx.media.root, String(companyId))).catch(() => [] as string[]);
const fetchMedia = (url: string, token: string) => s.request({ path: url.replace(/^\/api/, ""), token });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
const setStatus = (id: number, status: CampaignDto["status"]) =>
  s.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));

describe("campaign media", () => {
  it("keeps an image in the company's media, serves it to the company, and replaces it with a document", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const res = await upload(t.agent.token, created.id, "banner.png", PNG);
    expect(res.status).toBe(200);
    const withImage = (await res.json()) as CampaignDto;
    expect(withImage).toMatchObject({ id: created.id, mediaName: "banner.png" });
    expect(withImage.mediaPath).toMatch(new RegExp(`^/api/public/${t.company.id}/[^/]+\\.png$`));
    const served = await fetchMedia(withImage.mediaPath!, t.admin.token);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await fetchMedia(withImage.mediaPath!, other.admin.token)).statusCode).toBeGreaterThanOrEqual(400);

    const replaced = (await (await upload(t.agent.token, created.id, "catalogo.pdf", PDF)).json()) as CampaignDto;
    expect(replaced.mediaName).toBe("catalogo.pdf");
    expect(await companyFiles(t.company.id)).toEqual([path.basename(replaced.mediaPath!)]);

    const removed = await s.request({
      method: "DELETE",
      path: `/campaigns/${created.id}/media-upload`,
      token: t.agent.token,
    });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await companyFiles(t.company.id)).toEqual([]);
  });

  it.each(invalidFiles)("refuses %s with ERR_INVALID_FILE, storing nothing", async (_label, name, data) => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const res = await upload(t.agent.token, created.id, name, data);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("ERR_INVALID_FILE");
    expect(await companyFiles(t.company.id)).toEqual([]);
    expect((await s.request({ path: `/campaigns/${created.id}`, token: t.agent.token })).json()).toMatchObject({
      mediaPath: null,
    });
  });

  it("refuses an image over WhatsApp's 5 MB with ERR_FILE_TOO_LARGE, keeping the old one", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const first = (await (await upload(t.agent.token, created.id, "banner.png", PNG)).json()) as CampaignDto;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 7)]);
    const res = await upload(t.agent.token, created.id, "grande.png", big);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe("ERR_FILE_TOO_LARGE");
    expect(await companyFiles(t.company.id)).toEqual([path.basename(first.mediaPath!)]);
    expect(await incomingFiles(s)).toEqual([]);
  });

  it("takes a file while CANCELADA, and refuses one while sending or finished, before reading it", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    await setStatus(created.id, "CANCELADA");
    expect((await upload(t.agent.token, created.id, "banner.png", PNG)).status).toBe(200);
    for (const status of ["EM_ANDAMENTO", "FINALIZADA"] as const) {
      await setStatus(created.id, status);
      const res = await upload(t.agent.token, created.id, "outro.png", PNG);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe("ERR_CAMPAIGN_NOT_EDITABLE");
      const del = await s.request({
        method: "DELETE",
        path: `/campaigns/${created.id}/media-upload`,
        token: t.agent.token,
      });
      expect(del.json()).toEqual({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });
    }
    expect(await companyFiles(t.company.id)).toHaveLength(1);
  });

  it("removes the file when the campaign is deleted", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    await upload(t.agent.token, created.id, "banner.png", PNG);
    expect(await companyFiles(t.company.id)).toHaveLength(1);
    await s.request({ method: "DELETE", path: `/campaigns/${created.id}`, token: t.agent.token });
    expect(await companyFiles(t.company.id)).toEqual([]);
  });
});
