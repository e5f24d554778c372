/**
 * Opt-out (issue 12 item 7, LGPD): a recipient who answers a campaign with a
 * stop word (campaign settings' optOutWords; case, accents and punctuation
 * aside) is opted out for the company: their sends not made yet in campaigns
 * under way are dropped, a later campaign skips them, and the reports count
 * them. A message that only contains the word is an ordinary reply.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { dispatchWorld, reachStatus, shippingRows, startNow, textsTo } from "../../../test/campaign-dispatch.js";
import { buildCheckedList } from "../../../test/campaigns.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildCompany } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { campaignOptOuts, messages } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

it("'Parar!' opts the number out: its pending send is dropped, later campaigns skip it, reports count it", async () => {
  const w = await dispatchWorld(s, fake, 2, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
  const [ana, bruno] = w.numbers as [string, string];
  const onlyAna = await buildCheckedList(s, w.t.company.id, [ana]);
  const brunoFirst = await buildCheckedList(s, w.t.company.id, [bruno, ana]);
  const say = (text: string) =>
    fake.customerMessage({ phoneNumberId: w.connection.cloudPhoneNumberId, from: ana, text });

  const first = await startNow(s, w.t.agent.token, { ...w.refs, contactListId: onlyAna.id, message1: "Oi {nome}" });
  await reachStatus(s, w.t.agent.token, first.id, "FINALIZADA");
  // A second campaign: Bruno's send goes at once, Ana's waits its 5 s.
  const bothList = { ...w.refs, contactListId: brunoFirst.id };
  const second = await startNow(s, w.t.agent.token, { ...bothList, message1: "Novidades, {nome}" });
  await fake.waitForSent(1, bruno, 10_000);

  // Not an opt-out: the word inside a sentence.
  await say("não vou parar de comprar");
  await say("Parar!");
  await until(
    async () => (await s.ctx.db.select().from(campaignOptOuts).where(eq(campaignOptOuts.number, ana))).length > 0,
    10_000,
  );
  expect(await s.ctx.db.select().from(campaignOptOuts).where(eq(campaignOptOuts.number, ana))).toMatchObject([
    { companyId: w.t.company.id, campaignId: first.id },
  ]);
  const done = await reachStatus(s, w.t.agent.token, second.id, "FINALIZADA");
  expect(done.report).toMatchObject({ recipients: 2, delivered: 1, optedOut: 1, pending: 0 });
  expect((await shippingRows(s, second.id)).map((r) => [r.number, r.status])).toEqual([
    [bruno, "delivered"],
    [ana, "opted_out"],
  ]);

  const third = await startNow(s, w.t.agent.token, { ...bothList, message1: "Mais novidades" });
  const thirdDone = await reachStatus(s, w.t.agent.token, third.id, "FINALIZADA");
  expect(thirdDone.report).toMatchObject({ recipients: 2, delivered: 1, optedOut: 1 });
  expect(textsTo(fake, ana)).toEqual(["Oi Cliente 1"]);
  expect(textsTo(fake, bruno)).toEqual(["Novidades, Cliente 1", "Mais novidades"]);

  // Both replies are the customer's messages on their ticket, nothing lost.
  const stored = await s.ctx.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.companyId, w.t.company.id), eq(messages.fromMe, false)));
  expect(stored.map((m) => m.body).sort()).toEqual(["Parar!", "não vou parar de comprar"]);
}, 40_000);

it("another company's opt-out list is its own", async () => {
  const w = await dispatchWorld(s, fake, 1);
  const other = await buildCompany(s);
  await s.ctx.db.insert(campaignOptOuts).values({ companyId: other.id, number: w.numbers[0]! });
  const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Olá" });
  const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
  expect(done.report).toMatchObject({ delivered: 1, optedOut: 0 });
});
