/**
 * WhatsApp's status reports about campaign messages (campaign-acks.ts): a
 * "failed" status after WhatsApp accepted a send turns the recipient failed
 * with WhatsApp's words, even when it comes before the send's own answer;
 * the other reports of campaign messages leave nothing behind.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dispatchWorld, reachStatus, shippingRows, startNow } from "../../../test/campaign-dispatch.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { pendingAcks } from "../../db/schema/index.js";
import { showCampaign } from "../../../test/campaign-dispatch.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const widTo = (number: string) => fake.sent.find((x) => x.to === number)!.id;

describe("status reports of campaign messages", () => {
  it("a message WhatsApp could not deliver is counted failed with its words; the others stay delivered", async () => {
    const w = await dispatchWorld(s, fake, 3);
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Promoção para {nome}" });
    await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
    const [lost, kept, read] = w.numbers as [string, string, string];

    expect((await fake.status({ wid: widTo(lost), status: "failed" })).status).toBe(200);
    expect((await fake.status({ wid: widTo(kept), status: "delivered" })).status).toBe(200);
    expect((await fake.status({ wid: widTo(read), status: "read" })).status).toBe(200);

    await until(async () => (await showCampaign(s, w.t.agent.token, campaign.id)).report.failed === 1, 5000);
    const shown = await showCampaign(s, w.t.agent.token, campaign.id);
    expect(shown.report).toMatchObject({ delivered: 2, failed: 1 });
    const rows = await shippingRows(s, campaign.id);
    const failed = rows.find((r) => r.number === lost)!;
    expect(failed).toMatchObject({ status: "failed", deliveredAt: null });
    expect(failed.error).toContain("Message undeliverable");
    expect(rows.filter((r) => r.status === "delivered").map((r) => r.number)).toEqual([kept, read]);
    // Nothing waits for a message that will never be stored.
    const wids = w.numbers.map(widTo);
    expect(await s.ctx.db.select().from(pendingAcks).where(inArray(pendingAcks.wid, wids))).toEqual([]);
  });

  it("a failure reported before the send's own answer still reaches the recipient's row", async () => {
    const w = await dispatchWorld(s, fake, 1);
    fake.statusesBeforeNextAnswer(["failed"]);
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Oi {nome}" });
    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    const [row] = await shippingRows(s, campaign.id);
    expect(row).toMatchObject({ status: "failed", wid: widTo(w.numbers[0]!) });
    expect(row!.error).toContain("Message undeliverable");
    expect(done.report).toMatchObject({ delivered: 0, failed: 1 });
    expect(await s.ctx.db.select().from(pendingAcks).where(eq(pendingAcks.wid, row!.wid!))).toEqual([]);
  });
});
