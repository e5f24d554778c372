/**
 * The whole path of an n8n/webhook integration (issue 17 item 6), as an
 * admin sets it up and a customer uses it: the integration made through
 * POST /queueIntegration (its signing secret generated and answered in full,
 * stored encrypted), linked to a Cloud API connection; a customer writes
 * through Meta's webhook; the ticket is held by the integration and each
 * customer message reaches the receiver, signed with that secret; the
 * delivery log shows them.
 */
import { randomBytes } from "node:crypto";
import type { IntegrationDeliveryDto, QueueIntegrationDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCloudConnection, customerNumber } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import {
  signatureOf,
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from "../../../test/fake-webhook-receiver.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";
import { queueIntegrations, tickets, whatsapps } from "../../db/schema/index.js";
import { decryptSecret, isEncrypted } from "../../secrets/index.js";

let s: TestServer;
let fake: FakeGraph;
let receiver: FakeWebhookReceiver;

beforeAll(async () => {
  fake = await startFakeGraph();
  s = await startTestServer({
    WHATSAPP_GRAPH_URL: fake.url,
    WEBHOOK_RETRY_DELAYS: "1,1",
    ALLOW_PRIVATE_OUTBOUND: "true",
  });
  receiver = await startFakeWebhookReceiver();
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
  await receiver?.close();
});

async function storedSecret(integrationId: number): Promise<string> {
  const [row] = await s.ctx.db
    .select({ secret: queueIntegrations.signingSecret })
    .from(queueIntegrations)
    .where(eq(queueIntegrations.id, integrationId));
  return row!.secret;
}

describe("a webhook integration on a connection", () => {
  it("tells the receiver each customer message, signed with the secret the admin was given", async () => {
    const tenant = await buildTenant(s);
    const created = await s.request({
      method: "POST",
      path: "/queueIntegration",
      token: tenant.admin.token,
      body: { type: "webhook", name: "Pedidos", urlN8N: `${receiver.url}/pedidos` },
    });
    expect(created.statusCode, created.body).toBe(200);
    const integration = created.json<QueueIntegrationDto>();
    expect(integration.signingSecret).toMatch(/\S{24,}/);
    // Stored encrypted, never as the text the admin copies.
    const stored = await storedSecret(integration.id);
    expect(isEncrypted(stored)).toBe(true);
    expect(stored).not.toContain(integration.signingSecret);
    expect(decryptSecret(stored)).toBe(integration.signingSecret);
    receiver.secret = integration.signingSecret;

    const connection = await buildCloudConnection(s, fake, tenant.company.id);
    await s.ctx.db.update(whatsapps).set({ integrationId: integration.id }).where(eq(whatsapps.id, connection.id));
    const from = customerNumber();
    const mine = () => receiver.deliveries.filter((d) => d.path === "/webhook/pedidos");

    const first = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from,
      name: "Joana Prado",
      text: "Meu pedido 77 chegou?",
    });
    expect(first.status).toBe(200);
    await until(() => mine().length === 1, 15_000, 50);
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id));
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: integration.id, chatbot: true });

    await fake.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, from, text: "Obrigada" });
    await until(() => mine().length === 2, 15_000, 50);
    const bodies = mine().map((d) => JSON.parse(d.rawBody) as Record<string, Record<string, unknown>>);
    expect(bodies.map((b) => b.message!.body)).toEqual(["Meu pedido 77 chegou?", "Obrigada"]);
    expect(bodies[0]).toMatchObject({
      event: "message.received",
      company: { id: tenant.company.id },
      connection: { id: connection.id, name: connection.name },
      ticket: { id: ticket!.id, uuid: ticket!.uuid, status: "pending", queueId: null },
      contact: { name: "Joana Prado", number: from },
      message: { mediaType: "chat", mediaUrl: null, fromMe: false },
    });
    for (const got of mine()) {
      expect(got.signatureValid).toBe(true);
      expect(got.headers["x-balcao-signature"]).toBe(
        signatureOf(integration.signingSecret, got.headers["x-balcao-timestamp"], got.rawBody),
      );
    }
    expect(new Set(mine().map((d) => d.headers["x-balcao-delivery"])).size).toBe(2);

    await until(async () => {
      const log = await s.request({
        path: `/queueIntegration/${integration.id}/deliveries`,
        token: tenant.admin.token,
      });
      const { deliveries } = log.json<{ deliveries: IntegrationDeliveryDto[] }>();
      return deliveries.length === 2 && deliveries.every((d) => d.status === "delivered");
    });
  });

  it("signs with the new secret once the admin regenerates it", async () => {
    const tenant = await buildTenant(s);
    const path = `/${randomBytes(4).toString("hex")}`;
    const created = await s.request({
      method: "POST",
      path: "/queueIntegration",
      token: tenant.admin.token,
      body: { type: "n8n", name: "Fluxo n8n", urlN8N: `${receiver.url}${path}` },
    });
    const integration = created.json<QueueIntegrationDto>();
    const renewed = await s.request({
      method: "POST",
      path: `/queueIntegration/${integration.id}/secret`,
      token: tenant.admin.token,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const secret = renewed.json<QueueIntegrationDto>().signingSecret;
    expect(secret).not.toBe(integration.signingSecret);
    expect(decryptSecret(await storedSecret(integration.id))).toBe(secret);
    receiver.secret = secret;

    const connection = await buildCloudConnection(s, fake, tenant.company.id);
    await s.ctx.db.update(whatsapps).set({ integrationId: integration.id }).where(eq(whatsapps.id, connection.id));
    await fake.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, from: customerNumber(), text: "Oi" });
    const mine = () => receiver.deliveries.filter((d) => d.path === `/webhook${path}`);
    await until(() => mine().length === 1, 15_000, 50);
    expect(mine()[0]!.signatureValid).toBe(true);
  });
});
