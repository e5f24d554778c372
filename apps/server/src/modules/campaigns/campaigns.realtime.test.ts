/**
 * Campaigns between users and companies (business-areas §4 realtime channels,
 * §7 cancel/restart; DESIGN §4 tenancy): every change reaches the company's
 * sockets on company-{id}-campaign and no other company's; another company's
 * campaign answers 404 on every call and stays as it was; cancel and restart
 * answer the campaign as it now is.
 */
import { channels, type CampaignDto, type ChannelPayloads } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignBody, createCampaign, insertShipping, startableRefs } from "../../../test/campaigns.js";
import { buildTenant } from "../../../test/factories.js";
import type { RequestOptions, TestServer } from "../../../test/harness.js";
import { PNG } from "../../../test/sample-files.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectListIsolation } from "../../../test/tenancy.js";
import { campaigns } from "../../db/schema/index.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const rowOf = async (id: number) => (await s.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

function uploadPng(token: string, id: number) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(PNG)]), "banner.png");
  return fetch(`${s.url}/api/campaigns/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe("realtime", () => {
  it("sends create, update and delete on company-{id}-campaign to that company only", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.admin.token);
    const seen = record<ChannelPayloads["campaign"]>(mine, channels.campaign(t.company.id));
    const leaked = [t.company.id, other.company.id].map((id) => record(theirs, channels.campaign(id)));
    const created = await createCampaign(s, t.admin.token);
    await s.request({
      method: "PUT",
      path: `/campaigns/${created.id}`,
      token: t.admin.token,
      body: campaignBody({ name: "Black Friday" }),
    });
    await s.request({ method: "DELETE", path: `/campaigns/${created.id}`, token: t.admin.token });
    await flush(s, mine);
    await flush(s, theirs);
    expect(seen.map((e) => [e.action, e.record?.name ?? e.id])).toEqual([
      ["create", "Promoção de verão"],
      ["update", "Black Friday"],
      ["delete", created.id],
    ]);
    expect(seen[0]!.record).toEqual(created);
    expect(channels.campaign(t.company.id)).toBe(`company-${t.company.id}-campaign`);
    for (const got of leaked) expect(got).toEqual([]);
  });
});

describe("cancel and restart", () => {
  it("cancels a PROGRAMADA campaign and restarts it, answering the campaign each time", async () => {
    const t = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const created = await createCampaign(s, t.agent.token, { ...refs, scheduledAt: inHours(3) });
    const canceled = await s.request({ method: "POST", path: `/campaigns/${created.id}/cancel`, token: t.agent.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<CampaignDto>()).toMatchObject({ id: created.id, status: "CANCELADA" });
    const again = await s.request({ method: "POST", path: `/campaigns/${created.id}/cancel`, token: t.agent.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ERR_CAMPAIGN_NOT_RUNNING" });
    const restarted = await s.request({
      method: "POST",
      path: `/campaigns/${created.id}/restart`,
      token: t.agent.token,
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json<CampaignDto>()).toMatchObject({ status: "EM_ANDAMENTO", report: { recipients: 2 } });
    // Stopped again, so its sends do not run on in the background of the other tests.
    await s.request({ method: "POST", path: `/campaigns/${created.id}/cancel`, token: t.agent.token });
  });

  it("refuses to restart a campaign that was not canceled", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const res = await s.request({ method: "POST", path: `/campaigns/${created.id}/restart`, token: t.agent.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ERR_CAMPAIGN_NOT_CANCELED" });
    expect((await rowOf(created.id))!.status).toBe("INATIVA");
  });
});

describe("isolation", () => {
  it("answers 404 to another company on every call about a campaign, which stays as it was", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const created = await createCampaign(s, t.agent.token, { ...refs, name: "Segredo da Padaria" });
    await s.ctx.db.update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, created.id));
    await insertShipping(s, created, [{ number: "5511990000001", status: "pending", name: "Maria Secreta" }]);
    const before = await rowOf(created.id);
    const theirs = await connectSocket(s, other.admin.token);
    const leaked = record(theirs, channels.campaign(t.company.id));
    const path = `/campaigns/${created.id}`;
    const calls: Omit<RequestOptions, "token">[] = [
      { path },
      { method: "PUT", path, body: campaignBody({ name: "Roubada" }) },
      { method: "DELETE", path: `${path}/media-upload` },
      { method: "POST", path: `${path}/cancel` },
      { method: "POST", path: `${path}/restart` },
      { path: `${path}/shipping?pageNumber=1` },
      { path: `${path}/shipping/export` },
      { method: "DELETE", path },
    ];
    for (const call of calls) {
      const res = await s.request({ ...call, token: other.admin.token });
      expect(res.statusCode, `${call.method ?? "GET"} ${call.path}`).toBe(404);
      expect(res.body).not.toContain("Segredo");
      expect(res.body).not.toContain("Maria Secreta");
    }
    const upload = await uploadPng(other.admin.token, created.id);
    expect(upload.status).toBe(404);
    await flush(s, theirs);
    expect(leaked).toEqual([]);
    expect(await rowOf(created.id)).toEqual(before);
    await expectListIsolation(s, {
      path: "/campaigns/?pageNumber=1",
      ownerToken: t.agent.token,
      otherToken: other.admin.token,
      secrets: ["Segredo da Padaria"],
    });
  });
});
