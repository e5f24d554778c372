/**
 * /flowcampaign (issue 18 item 4; automation-areas §7 "Flow campaigns and connections"): the spec's
 * response shapes, active by default, the flow and connection of the company only, one active phrase
 * per connection (compared trimmed, case- and accent-insensitive), admin only; and the connection's
 * welcome and default flows (flowIdWelcome, flowIdNotPhrase).
 */
import type { FlowCampaign, WhatsappDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flowCampaigns } from "../../db/schema/index.js";
import { buildWhatsapp, connectionsTestEnv, createConnection, updateConnection } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import { createFlow } from "../../../test/flow-graphs.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started), connectionsTestEnv);

async function scene() {
  const t = await buildTenant(s);
  const flow = await createFlow(s, t.admin.token);
  const connection = await buildWhatsapp(s, t.company.id, { name: "Loja" });
  return { ...t, flow, connection };
}

const post = (token: string, body: unknown) => s.request({ method: "POST", path: "/flowcampaign", token, body });
const put = (token: string, body: unknown) => s.request({ method: "PUT", path: "/flowcampaign", token, body });

describe("phrase campaigns", () => {
  it("creates active by default, lists as {flow}, shows as {details}, edits with the id in the body, deletes", async () => {
    const t = await scene();
    const res = await post(t.admin.token, {
      name: "Promo",
      flowId: t.flow.id,
      whatsappId: t.connection.id,
      phrase: " Quero Promoção ",
    });
    expect(res.statusCode).toBe(200);
    const campaign = res.json<FlowCampaign>();
    expect(campaign).toEqual({
      id: expect.any(Number),
      name: "Promo",
      flowId: t.flow.id,
      whatsappId: t.connection.id,
      phrase: "Quero Promoção",
      status: true,
    });
    const [row] = await s.ctx.db.select().from(flowCampaigns).where(eq(flowCampaigns.id, campaign.id));
    expect(row!.phraseKey).toBe("quero promocao");
    expect((await s.request({ path: "/flowcampaign", token: t.admin.token })).json()).toEqual({ flow: [campaign] });
    expect((await s.request({ path: `/flowcampaign/${campaign.id}`, token: t.admin.token })).json()).toEqual({
      details: campaign,
    });

    const edited = await put(t.admin.token, { ...campaign, name: "Promo de natal", whatsappId: "", status: false });
    expect(edited.json()).toEqual({ ...campaign, name: "Promo de natal", whatsappId: null, status: false });
    // A status left out stays as it is.
    const again = await put(t.admin.token, { id: campaign.id, name: "Promo", flowId: t.flow.id, phrase: "promo" });
    expect(again.json<FlowCampaign>()).toMatchObject({ status: false, whatsappId: null, phrase: "promo" });

    expect(
      (await s.request({ method: "DELETE", path: `/flowcampaign/${campaign.id}`, token: t.admin.token })).statusCode,
    ).toBe(200);
    expect((await s.request({ path: `/flowcampaign/${campaign.id}`, token: t.admin.token })).statusCode).toBe(404);
    expect((await s.request({ path: "/flowcampaign", token: t.admin.token })).json()).toEqual({ flow: [] });
  });

  it("name, flow and phrase are required; status sent false creates it inactive", async () => {
    const t = await scene();
    const res = await post(t.admin.token, { name: "", flowId: "", whatsappId: null, phrase: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual(
      expect.arrayContaining(["name", "flowId", "phrase"]),
    );
    const off = await post(t.admin.token, {
      name: "Off",
      flowId: t.flow.id,
      whatsappId: null,
      phrase: "oi",
      status: false,
    });
    expect(off.json<FlowCampaign>().status).toBe(false);
  });

  it("two active campaigns with one phrase on one connection are refused; inactive or elsewhere they may share it", async () => {
    const t = await scene();
    const second = await buildWhatsapp(s, t.company.id, { name: "Filial" });
    const body = (extra: Record<string, unknown>) => ({
      name: "Promo",
      flowId: t.flow.id,
      whatsappId: t.connection.id,
      phrase: "Promoção",
      ...extra,
    });
    const first = (await post(t.admin.token, body({}))).json<FlowCampaign>();
    const taken = await post(t.admin.token, body({ phrase: "  PROMOCAO " }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN" });
    expect((await post(t.admin.token, body({ whatsappId: second.id }))).statusCode).toBe(200);
    expect((await post(t.admin.token, body({ whatsappId: null }))).statusCode).toBe(200);
    expect((await post(t.admin.token, body({ whatsappId: null }))).statusCode).toBe(409);
    const inactive = (await post(t.admin.token, body({ status: false }))).json<FlowCampaign>();
    // Switching it on while the first is active is refused; once the first is off, it may.
    expect((await put(t.admin.token, { ...inactive, status: true })).statusCode).toBe(409);
    await put(t.admin.token, { ...first, status: false });
    expect((await put(t.admin.token, { ...inactive, status: true })).json<FlowCampaign>().status).toBe(true);
    // Editing the active one keeps its own phrase.
    expect((await put(t.admin.token, { ...inactive, status: true, name: "Renomeada" })).statusCode).toBe(200);
  });

  it("the unique index answers the same code when two saves race past the check", async () => {
    const t = await scene();
    const body = { name: "Promo", flowId: t.flow.id, whatsappId: t.connection.id, phrase: "corrida" };
    const answers = await Promise.all([
      post(t.admin.token, body),
      post(t.admin.token, body),
      post(t.admin.token, body),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ error: "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN" });
    }
  });

  it("refuses another company's flow or connection, and another company's campaign answers 404", async () => {
    const t = await scene();
    const other = await scene();
    const foreignFlow = await post(t.admin.token, { name: "X", flowId: other.flow.id, whatsappId: null, phrase: "oi" });
    expect(foreignFlow.statusCode).toBe(404);
    expect(foreignFlow.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "flowId" } });
    const foreignConnection = await post(t.admin.token, {
      name: "X",
      flowId: t.flow.id,
      whatsappId: other.connection.id,
      phrase: "oi",
    });
    expect(foreignConnection.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "whatsappId" } });
    const campaign = (
      await post(t.admin.token, { name: "Segredo da casa", flowId: t.flow.id, whatsappId: null, phrase: "oi" })
    ).json<FlowCampaign>();
    for (const request of [
      { path: `/flowcampaign/${campaign.id}` },
      { method: "PUT" as const, path: "/flowcampaign", body: { ...campaign } },
      { method: "DELETE" as const, path: `/flowcampaign/${campaign.id}` },
    ]) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: t.admin.token,
        otherToken: other.admin.token,
        secrets: ["Segredo da casa"],
      });
    }
    await post(t.admin.token, { name: "Segredo da casa", flowId: t.flow.id, whatsappId: null, phrase: "oi" });
    await expectListIsolation(s, {
      path: "/flowcampaign",
      ownerToken: t.admin.token,
      otherToken: other.admin.token,
      secrets: ["Segredo da casa"],
    });
    // Its own campaign cannot be pointed at the other company's flow either.
    const moved = await put(t.admin.token, {
      ...campaign,
      id: (
        await post(t.admin.token, { name: "Y", flowId: t.flow.id, whatsappId: null, phrase: "tchau" })
      ).json<FlowCampaign>().id,
      flowId: other.flow.id,
    });
    expect(moved.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "flowId" } });
  });

  it("agents are refused on every route", async () => {
    const t = await scene();
    const campaign = (
      await post(t.admin.token, { name: "P", flowId: t.flow.id, whatsappId: null, phrase: "oi" })
    ).json<FlowCampaign>();
    for (const request of [
      { path: "/flowcampaign" },
      { path: `/flowcampaign/${campaign.id}` },
      { method: "POST" as const, path: "/flowcampaign", body: { name: "P", flowId: t.flow.id, phrase: "x" } },
      { method: "PUT" as const, path: "/flowcampaign", body: { ...campaign, name: "Meu" } },
      { method: "DELETE" as const, path: `/flowcampaign/${campaign.id}` },
    ]) {
      expect((await s.request({ ...request, token: t.agent.token })).statusCode, request.path).toBe(403);
    }
    expect((await s.request({ path: "/flowcampaign", token: t.admin.token })).json()).toEqual({ flow: [campaign] });
  });
});

describe("the connection's welcome and default flows", () => {
  it("are saved and answered; another company's flow is refused naming the field; an update leaving them out keeps them", async () => {
    const t = await scene();
    const other = await scene();
    const fallback = await createFlow(s, t.admin.token, "Padrão");
    const created = await createConnection(s, t.admin.token, {
      flowIdWelcome: t.flow.id,
      flowIdNotPhrase: fallback.id,
    });
    expect(created.statusCode).toBe(200);
    const connection = created.json<WhatsappDto>();
    expect(connection).toMatchObject({ flowIdWelcome: t.flow.id, flowIdNotPhrase: fallback.id });
    const shown = await s.request({ path: `/whatsapp/${connection.id}`, token: t.admin.token });
    expect(shown.json<WhatsappDto>()).toMatchObject({ flowIdWelcome: t.flow.id, flowIdNotPhrase: fallback.id });

    for (const field of ["flowIdWelcome", "flowIdNotPhrase"]) {
      const res = await updateConnection(s, t.admin.token, connection.id, { [field]: other.flow.id });
      expect(res.statusCode, field).toBe(404);
      expect(res.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field } });
    }
    const kept = await updateConnection(s, t.admin.token, connection.id, { name: "Renomeada" });
    expect(kept.json<WhatsappDto>()).toMatchObject({ flowIdWelcome: t.flow.id, flowIdNotPhrase: fallback.id });
    const cleared = await updateConnection(s, t.admin.token, connection.id, {
      flowIdWelcome: "",
      flowIdNotPhrase: null,
    });
    expect(cleared.json<WhatsappDto>()).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: null });
  });
});
