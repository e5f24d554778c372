/**
 * A switched-off company's integrations (issue 29 item 6): its Typebot is
 * not called and nothing reaches the customer, and its n8n/webhook
 * deliveries wait too. Choice: a delivery goes to the company's own URL, not
 * to a customer, but it is the company's data leaving the server on its
 * behalf, so it waits with the rest. Switched on, each goes once.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pause, switchOff, switchOn, untilKept } from "../../../test/company-pause.js";
import { buildTenant } from "../../../test/factories.js";
import { paragraph, textBubble } from "../../../test/fake-typebot.js";
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from "../../../test/fake-webhook-receiver.js";
import { integrationScene, integrationServerPerFile, type IntegrationWorld } from "../../../test/integration-scene.js";
import { buildWebhookIntegration, customerWrites, heldConversation } from "../../../test/webhook-deliveries.js";
import { setOutboundPolicy } from "../../outbound/index.js";

let w: IntegrationWorld;
integrationServerPerFile((world) => (w = world));

let receiver: FakeWebhookReceiver;
beforeAll(async () => {
  setOutboundPolicy({ allowPrivate: true });
  receiver = await startFakeWebhookReceiver();
});
afterAll(() => receiver.close());

describe("a Typebot", () => {
  it("is not called for a switched-off company's customer; switched on, it answers once", async () => {
    const slug = `pausa-${randomBytes(3).toString("hex")}`;
    w.typebot.publish(slug, [{ messages: [textBubble(paragraph({ text: "Olá, em que posso ajudar?" }))] }]);
    const c = await integrationScene(w, {
      type: "typebot",
      name: "Loja bot",
      urlN8N: w.typebot.url,
      typebotSlug: slug,
      typebotDelayMessage: 0,
      typebotExpires: 10,
    });
    await switchOff(w.s, c.tenant.company.id);
    await c.says("Oi", 0);
    await untilKept(w.s, c.tenant.company.id, "integration-turn");
    await pause(1_000);
    expect(w.typebot.calls.filter((call) => call.slug === slug)).toEqual([]);
    expect(c.received()).toEqual([]);

    await switchOn(w.s, c.tenant.company.id);
    await w.graph.waitForSent(1, c.customer.from, 10_000);
    await pause(1_500);
    expect(c.received().map((r) => (r.body.text as { body: string }).body)).toEqual(["Olá, em que posso ajudar?"]);
    expect(w.typebot.calls.filter((call) => call.slug === slug)).toHaveLength(1);
  });
});

describe("an n8n delivery", () => {
  it("waits while its company is switched off; switched on, it is posted once", async () => {
    const tenant = await buildTenant(w.s);
    const url = `${receiver.url}/${randomBytes(4).toString("hex")}`;
    const integration = await buildWebhookIntegration(w.s, tenant.company.id, url);
    receiver.secret = integration.secret;
    const conversation = await heldConversation(w.s, tenant.company.id, integration.id);
    const mine = () => receiver.deliveries.filter((d) => d.path === new URL(url).pathname);

    await switchOff(w.s, tenant.company.id);
    await customerWrites(w.s, conversation, integration.id);
    await untilKept(w.s, tenant.company.id, "deliver-webhook");
    await pause(1_000);
    expect(mine()).toEqual([]);

    await switchOn(w.s, tenant.company.id);
    await receiver.waitFor(receiver.deliveries.length + 1, 10_000);
    await pause(1_500);
    expect(mine()).toHaveLength(1);
  });
});
