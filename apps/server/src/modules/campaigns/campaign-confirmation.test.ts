/**
 * Confirmation campaigns (issue 12 item 5): the confirmation variant goes
 * first; the main message follows only the recipient's reply, which comes
 * through the Cloud API's signed webhook like any customer message and stays
 * one on its ticket. The campaign is FINALIZADA once every confirmation went
 * out; the report counts requested, confirmed and delivered.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  dispatchWorld,
  reachStatus,
  shippingRows,
  showCampaign,
  startNow,
  textsTo,
} from "../../../test/campaign-dispatch.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { messages } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

it("asks first, sends the message after the reply, and counts both", async () => {
  const w = await dispatchWorld(s, fake, 2);
  const [ana, bruno] = w.numbers as [string, string];
  const campaign = await startNow(s, w.t.agent.token, {
    ...w.refs,
    confirmation: true,
    confirmationMessage1: "Oi {nome}, posso mandar as ofertas? Responda SIM",
    message1: "Aqui estão as ofertas, {nome}!",
  });
  const asked = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
  expect(asked.report).toMatchObject({ recipients: 2, confirmationRequested: 2, confirmed: 0, delivered: 0 });
  expect(textsTo(fake, ana)).toEqual(["Oi Cliente 1, posso mandar as ofertas? Responda SIM"]);
  expect((await shippingRows(s, campaign.id)).map((r) => r.status)).toEqual(["awaiting", "awaiting"]);

  const reply = await fake.customerMessage({
    phoneNumberId: w.connection.cloudPhoneNumberId,
    from: ana,
    name: "Ana",
    text: "SIM",
  });
  expect(reply.status).toBe(200);
  await until(() => textsTo(fake, ana).length === 2, 10_000);
  expect(textsTo(fake, ana)).toEqual([
    "Oi Cliente 1, posso mandar as ofertas? Responda SIM",
    "Aqui estão as ofertas, Cliente 1!",
  ]);
  await until(async () => (await showCampaign(s, w.t.agent.token, campaign.id)).report.delivered === 1, 5000);
  const after = await showCampaign(s, w.t.agent.token, campaign.id);
  expect(after.report).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1, pending: 1 });
  const [anaRow, brunoRow] = await shippingRows(s, campaign.id);
  expect(anaRow).toMatchObject({
    status: "delivered",
    confirmedAt: expect.any(Date),
    deliveredAt: expect.any(Date),
    wid: fake.sent.filter((x) => x.to === ana)[1]!.id,
  });
  expect(brunoRow).toMatchObject({ status: "awaiting", confirmedAt: null });
  expect(textsTo(fake, bruno)).toHaveLength(1);

  // The reply is the customer's message on their ticket like any other; a second one sends nothing more.
  const stored = await s.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, w.t.company.id), eq(messages.wid, reply.wid!)));
  expect(stored).toMatchObject([{ body: "SIM", fromMe: false }]);
  await fake.customerMessage({ phoneNumberId: w.connection.cloudPhoneNumberId, from: ana, text: "obrigada" });
  await new Promise((r) => setTimeout(r, 1500));
  expect(textsTo(fake, ana)).toHaveLength(2);
});
