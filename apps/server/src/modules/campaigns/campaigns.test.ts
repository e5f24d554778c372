/**
 * /campaigns (business-areas §2.11, §3, §4 "Campaign", §5, §7; SERVER-BEHAVIOUR
 * "Campaigns"): the calls as the spec's modal makes them, INATIVA and
 * PROGRAMADA saves (scheduledAt on the company's clock, the start queued),
 * what may be edited when, search and pages, bad input, the plan gate,
 * realtime and isolation. Media: campaigns.media.test.ts; the report, the
 * shipping table and its CSV: campaigns.report.test.ts.
 */
import { formatWallClock, type CampaignDetailDto, type CampaignPage } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignBody, createCampaign, insertShipping, saveCampaign, startableRefs } from "../../../test/campaigns.js";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { campaigns, campaignShipping, fileLists, settings, tags } from "../../db/schema/index.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

const page = async (token: string, query: Record<string, string> = {}) =>
  (
    await s.request({ path: `/campaigns/?${new URLSearchParams({ pageNumber: "1", ...query }).toString()}`, token })
  ).json<CampaignPage>();

/** When the start-campaign job waiting for this campaign may run. */
async function waitingStart(campaignId: number): Promise<Date[]> {
  const { rows } = await s.ctx.database.raw.query<{ start_after: Date }>(
    "select start_after from pgboss.job where name = 'start-campaign' and singleton_key = $1 and state = 'created'",
    [String(campaignId)],
  );
  return rows.map((r) => r.start_after);
}

const rowOf = async (id: number) => (await s.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

async function setTimeZone(companyId: number, value: string) {
  await s.ctx.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "timezone")));
}

describe("create, read, delete", () => {
  it("creates an INATIVA campaign from the modal's body, empty strings as none, in the caller's company", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token, { message2: "   " });
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: "Promoção de verão",
      status: "INATIVA",
      message1: "Olá {nome}, temos ofertas!",
      message2: null,
      scheduledAt: null,
      completedAt: null,
      whatsapp: null,
      contactList: null,
      tagListId: null,
      tag: null,
      fileList: null,
      companyId: t.company.id,
      mediaPath: null,
      report: { validContacts: 0, recipients: 0, delivered: 0, pending: 0 },
    });
    const read = await s.request({ path: `/campaigns/${created.id}`, token: t.admin.token });
    expect(read.json<CampaignDetailDto>()).toEqual({ ...created, shipping: [] });
  });

  it("schedules it: scheduledAt read on the company's clock, PROGRAMADA, its start queued for then", async () => {
    const t = await buildTenant(s);
    await setTimeZone(t.company.id, "Asia/Tokyo");
    const { whatsapp, list, refs } = await startableRefs(s, t.company.id);
    const at = new Date(Math.floor(hours(3).getTime() / 1000) * 1000);
    const created = await createCampaign(s, t.agent.token, {
      ...refs,
      scheduledAt: formatWallClock(at, "yyyy-MM-dd HH:mm:ss", "Asia/Tokyo"),
    });
    expect(created).toMatchObject({
      status: "PROGRAMADA",
      scheduledAt: at.toISOString(),
      whatsapp: { id: whatsapp.id, name: "Vendas" },
      contactList: { id: list.id, name: "Clientes da campanha" },
      report: { validContacts: 2 },
    });
    expect(await waitingStart(created.id)).toEqual([at]);
    // A zoned ISO string is taken as it says.
    const iso = await createCampaign(s, t.agent.token, { ...refs, scheduledAt: "2030-01-15T10:00:00-03:00" });
    expect(iso.scheduledAt).toBe("2030-01-15T13:00:00.000Z");
  });

  it("refuses to schedule a campaign that could not start, and stores nothing", async () => {
    const t = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const scheduledAt = hours(3).toISOString();
    const refusals: [Record<string, unknown>, string][] = [
      [{ contactListId: refs.contactListId }, "ERR_CAMPAIGN_NO_CONNECTION"],
      [{ whatsappId: refs.whatsappId }, "ERR_CAMPAIGN_NO_RECIPIENTS"],
      [{ ...refs, message1: "" }, "ERR_CAMPAIGN_NO_MESSAGE"],
    ];
    for (const [extra, error] of refusals) {
      const res = await saveCampaign(s, t.agent.token, { ...extra, scheduledAt });
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toMatchObject({ error });
    }
    expect((await page(t.agent.token)).count).toBe(0);
  });

  it("deletes a campaign in any status with its shipping rows", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    await s.ctx.db.update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, created.id));
    await insertShipping(s, created, [{ number: "5511990000001", status: "delivered", deliveredAt: new Date() }]);
    const res = await s.request({ method: "DELETE", path: `/campaigns/${created.id}`, token: t.agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Campaign deleted" });
    expect((await s.request({ path: `/campaigns/${created.id}`, token: t.agent.token })).statusCode).toBe(404);
    const left = await s.ctx.db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, created.id));
    expect(left).toEqual([]);
  });
});

describe("editing (§4)", () => {
  it("takes every field while INATIVA, and while PROGRAMADA over an hour ahead; clearing the date makes it INATIVA", async () => {
    const t = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const created = await createCampaign(s, t.agent.token);
    const inTwoHours = new Date(Math.floor(hours(2).getTime() / 1000) * 1000);
    const scheduled = await saveCampaign(
      s,
      t.agent.token,
      { ...refs, name: "Natal", scheduledAt: inTwoHours.toISOString() },
      created.id,
    );
    expect(scheduled.json()).toMatchObject({ name: "Natal", status: "PROGRAMADA", ...refs });
    expect(await waitingStart(created.id)).toEqual([inTwoHours]);
    const renamed = await saveCampaign(s, t.agent.token, { ...refs, name: "Ano novo", scheduledAt: "" }, created.id);
    expect(renamed.json()).toMatchObject({ name: "Ano novo", status: "INATIVA", scheduledAt: null });
  });

  it("refuses any change to a PROGRAMADA campaign within the hour, or one sending or finished", async () => {
    const t = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const soon = await createCampaign(s, t.agent.token, { ...refs, scheduledAt: hours(0.5).toISOString() });
    const running = await createCampaign(s, t.agent.token);
    await s.ctx.db.update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, running.id));
    const finished = await createCampaign(s, t.agent.token);
    await s.ctx.db.update(campaigns).set({ status: "FINALIZADA" }).where(eq(campaigns.id, finished.id));
    for (const c of [soon, running, finished]) {
      const before = await rowOf(c.id);
      const res = await saveCampaign(s, t.agent.token, { name: "Mudado", message1: "Outro texto" }, c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });
      expect(await rowOf(c.id)).toEqual(before);
    }
  });

  it("takes only the texts of a CANCELADA campaign, ignoring the rest of the body", async () => {
    const t = await buildTenant(s);
    const { refs } = await startableRefs(s, t.company.id);
    const created = await createCampaign(s, t.agent.token, refs);
    await s.ctx.db.update(campaigns).set({ status: "CANCELADA" }).where(eq(campaigns.id, created.id));
    const res = await saveCampaign(
      s,
      t.agent.token,
      { name: "Outro nome", message1: "Texto novo", message3: "Variante", confirmationMessage1: "Confirma?" },
      created.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Promoção de verão",
      status: "CANCELADA",
      ...refs,
      message1: "Texto novo",
      message3: "Variante",
      confirmationMessage1: "Confirma?",
    });
  });
});

describe("list and search", () => {
  it("lists newest first in pages of 20 with hasMore and count, searching names regardless of case", async () => {
    const t = await buildTenant(s);
    for (let i = 1; i <= 21; i++) await createCampaign(s, t.agent.token, { name: `Oferta ${i}` });
    await createCampaign(s, t.agent.token, { name: "Aniversário" });
    const first = await page(t.agent.token);
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.records.slice(0, 2).map((c) => c.name)).toEqual(["Aniversário", "Oferta 21"]);
    const second = await page(t.agent.token, { pageNumber: "2" });
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(second.records.map((c) => c.name)).toEqual(["Oferta 2", "Oferta 1"]);
    const found = await page(t.agent.token, { searchParam: "OFERTA 1" });
    expect(found.records.map((c) => c.name)).toEqual(
      [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 1].map((n) => `Oferta ${n}`),
    );
    expect((await s.request({ path: "/campaigns", token: t.agent.token })).json<CampaignPage>().count).toBe(22);
  });
});

describe("bad input", () => {
  it("refuses names of 1 or 51 characters and dates that are not ones, storing nothing", async () => {
    const t = await buildTenant(s);
    const refusals = [
      { name: "a" },
      { name: "x".repeat(51) },
      { scheduledAt: "amanhã" },
      { scheduledAt: "2030-02-30 10:00:00" },
      { scheduledAt: "2030-01-15 25:00:00" },
      { whatsappId: "x" },
    ];
    for (const extra of refusals) {
      const res = await saveCampaign(s, t.agent.token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await page(t.agent.token)).count).toBe(0);
  });

  it("answers 404 for another company's connection, list, tag or file list, changing nothing", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const theirs = await startableRefs(s, other.company.id);
    const [tag] = await s.ctx.db.insert(tags).values({ companyId: other.company.id, name: "VIP" }).returning();
    const [files] = await s.ctx.db
      .insert(fileLists)
      .values({ companyId: other.company.id, name: "Catálogo", message: "Veja" })
      .returning();
    const mine = await createCampaign(s, t.agent.token);
    const before = await rowOf(mine.id);
    const foreign: [Record<string, unknown>, string][] = [
      [{ whatsappId: theirs.whatsapp.id }, "ERR_NO_WAPP_FOUND"],
      [{ contactListId: theirs.list.id }, "ERR_NOT_FOUND"],
      [{ tagListId: tag!.id }, "ERR_NOT_FOUND"],
      [{ fileListId: files!.id }, "ERR_NOT_FOUND"],
    ];
    for (const [extra, error] of foreign) {
      for (const res of [
        await saveCampaign(s, t.agent.token, extra),
        await saveCampaign(s, t.agent.token, extra, mine.id),
      ]) {
        expect(res.statusCode, JSON.stringify(extra)).toBe(404);
        expect(res.json()).toMatchObject({ error });
      }
    }
    expect((await page(t.agent.token)).count).toBe(1);
    expect(await rowOf(mine.id)).toEqual(before);
  });
});

describe("plan gate", () => {
  it("refuses every campaign call to a company whose plan lacks campaigns", async () => {
    const plan = await buildPlan(s, { useCampaigns: false });
    const company = await buildCompany(s, { planId: plan.id });
    const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
    const token = (await login(s, admin.email)).token;
    for (const res of [
      await s.request({ path: "/campaigns/", token }),
      await s.request({ method: "POST", path: "/campaigns", token, body: campaignBody() }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await s.ctx.db.select().from(campaigns).where(eq(campaigns.companyId, company.id))).toEqual([]);
  });
});
