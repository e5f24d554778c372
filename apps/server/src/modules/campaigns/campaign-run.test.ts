/**
 * What may start, and stopping and going on (SERVER-BEHAVIOUR "Campaigns";
 * issue 12 items 5 and 8): a campaign that could not send is refused with
 * its reason; cancel stops the sends not made yet and removes their rows;
 * restart goes on where it stopped, never resending a delivered recipient,
 * with the messages as edited meanwhile.
 */
import type { CampaignDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  dispatchWorld,
  noWaits,
  reachStatus,
  savePace,
  shippingRows,
  startNow,
  textsTo,
} from "../../../test/campaign-dispatch.js";
import { buildCheckedList, saveCampaign } from "../../../test/campaigns.js";
import { cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { campaigns, tags } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const call = (token: string, id: number, action: "cancel" | "restart") =>
  s.request({ method: "POST", path: `/campaigns/${id}/${action}`, token });

describe("what cannot start", () => {
  it("refuses to schedule a campaign with no connection, nobody to send to, or nothing to say, and says why", async () => {
    const w = await dispatchWorld(s, fake, 1);
    const invalid = customerNumber();
    const noneValid = await buildCheckedList(s, w.t.company.id, [invalid], { [invalid]: false });
    const [emptyTag] = await s.ctx.db.insert(tags).values({ companyId: w.t.company.id, name: "Vazia" }).returning();
    const at = { scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() };
    const cases: [Record<string, unknown>, string][] = [
      [{ contactListId: w.list.id }, "ERR_CAMPAIGN_NO_CONNECTION"],
      [{ whatsappId: w.connection.id }, "ERR_CAMPAIGN_NO_RECIPIENTS"],
      [{ whatsappId: w.connection.id, contactListId: noneValid.id }, "ERR_CAMPAIGN_NO_RECIPIENTS"],
      [{ whatsappId: w.connection.id, tagListId: emptyTag!.id }, "ERR_CAMPAIGN_NO_RECIPIENTS"],
      [{ ...w.refs, message1: "  " }, "ERR_CAMPAIGN_NO_MESSAGE"],
      [{ ...w.refs, confirmation: true }, "ERR_CAMPAIGN_NO_MESSAGE"],
    ];
    for (const [fields, code] of cases) {
      const res = await saveCampaign(s, w.t.agent.token, { ...fields, ...at });
      expect([res.statusCode, res.json()], JSON.stringify(fields)).toEqual([400, { error: code }]);
    }
    expect(await s.ctx.db.select().from(campaigns).where(eq(campaigns.companyId, w.t.company.id))).toEqual([]);
  });

  it("takes a list whose numbers are still being checked", async () => {
    const w = await dispatchWorld(s, fake, 0);
    const number = customerNumber();
    const unchecked = await buildCheckedList(s, w.t.company.id, [number], { [number]: null });
    const res = await saveCampaign(s, w.t.agent.token, {
      whatsappId: w.connection.id,
      contactListId: unchecked.id,
      scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CampaignDto>().status).toBe("PROGRAMADA");
  });
});

describe("cancel and restart", () => {
  it("cancel stops the sends not made yet and removes them; restart sends the edited message to the rest only", async () => {
    const w = await dispatchWorld(s, fake, 4, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const fields = { ...w.refs, message1: "Primeira versão, {nome}" };
    const campaign = await startNow(s, w.t.agent.token, fields);
    await fake.waitForSent(1, w.numbers[0], 10_000);
    const canceled = await call(w.t.agent.token, campaign.id, "cancel");
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<CampaignDto>()).toMatchObject({ status: "CANCELADA" });
    expect((await shippingRows(s, campaign.id)).map((r) => [r.number, r.status])).toEqual([
      [w.numbers[0], "delivered"],
    ]);
    // The run asleep for the next send wakes, finds the campaign canceled, and sends nothing.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(w.numbers.slice(1).flatMap((n) => textsTo(fake, n))).toEqual([]);
    expect([await call(w.t.agent.token, campaign.id, "cancel")].map((r) => [r.statusCode, r.json()])).toEqual([
      [409, { error: "ERR_CAMPAIGN_NOT_RUNNING" }],
    ]);

    const edited = await saveCampaign(s, w.t.agent.token, { ...fields, message1: "Versão nova, {nome}" }, campaign.id);
    expect(edited.statusCode, edited.body).toBe(200);
    await savePace(s, w.t.admin.token, noWaits);
    const restarted = await call(w.t.agent.token, campaign.id, "restart");
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json<CampaignDto>()).toMatchObject({ status: "EM_ANDAMENTO", completedAt: null });
    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    expect(done.report).toMatchObject({ recipients: 4, delivered: 4 });
    expect(textsTo(fake, w.numbers[0]!)).toEqual(["Primeira versão, Cliente 1"]);
    for (const [i, number] of w.numbers.slice(1).entries())
      expect(textsTo(fake, number)).toEqual([`Versão nova, Cliente ${i + 2}`]);
  }, 30_000);

  it("cancels a PROGRAMADA campaign before it starts: it never sends", async () => {
    const w = await dispatchWorld(s, fake, 1);
    const campaign = await startNow(s, w.t.agent.token, {
      ...w.refs,
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect((await call(w.t.agent.token, campaign.id, "cancel")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(textsTo(fake, w.numbers[0]!)).toEqual([]);
    expect((await s.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]?.status).toBe("CANCELADA");
  });

  it("answers 409 for a campaign not running or not canceled, and 404 for another company's", async () => {
    const w = await dispatchWorld(s, fake, 1);
    const inactive = (await saveCampaign(s, w.t.agent.token, w.refs)).json<CampaignDto>();
    expect([(await call(w.t.agent.token, inactive.id, "cancel")).json()]).toEqual([
      { error: "ERR_CAMPAIGN_NOT_RUNNING" },
    ]);
    expect((await call(w.t.agent.token, inactive.id, "restart")).json()).toEqual({
      error: "ERR_CAMPAIGN_NOT_CANCELED",
    });
    const done = await startNow(s, w.t.agent.token, w.refs);
    await reachStatus(s, w.t.agent.token, done.id, "FINALIZADA");
    const again = await call(w.t.agent.token, done.id, "restart");
    expect([again.statusCode, again.json()]).toEqual([409, { error: "ERR_CAMPAIGN_NOT_CANCELED" }]);
    await until(() => textsTo(fake, w.numbers[0]!).length > 0, 3000);
    expect(textsTo(fake, w.numbers[0]!)).toHaveLength(1);

    const other = await buildTenant(s);
    for (const action of ["cancel", "restart"] as const) {
      const res = await call(other.agent.token, done.id, action);
      expect([res.statusCode, res.json()]).toEqual([404, { error: "ERR_NOT_FOUND" }]);
    }
  });
});
