/**
 * n8n and webhook deliveries (issue 17 item 6) against a fake receiver on
 * 127.0.0.1 that checks the signature as a careful receiver does: what it is
 * sent (headers, the exact body), when it is tried again (WEBHOOK_RETRY_DELAYS
 * "1,1" here), failed after the last, the log and the resend an admin sees.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import {
  signatureOf,
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from "../../../test/fake-webhook-receiver.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { until } from "../../../test/sockets.js";
import { PNG } from "../../../test/sample-files.js";
import {
  buildWebhookIntegration,
  customerWrites,
  deliveryLog,
  deliveryRows,
  heldConversation,
} from "../../../test/webhook-deliveries.js";
import { setOutboundPolicy } from "../../outbound/index.js";

let s: TestServer;
serverPerFile((started) => (s = started), { WEBHOOK_RETRY_DELAYS: "1,1", ALLOW_PRIVATE_OUTBOUND: "true" });

let receiver: FakeWebhookReceiver;
beforeAll(async () => {
  // The receiver is on loopback, as an operator's own n8n would be with ALLOW_PRIVATE_OUTBOUND.
  setOutboundPolicy({ allowPrivate: true });
  receiver = await startFakeWebhookReceiver();
});
afterAll(() => receiver.close());

/** A company's admin, its integration posting to the receiver (a path of its own), and a held conversation. */
async function scene() {
  const tenant = await buildTenant(s);
  const url = `${receiver.url}/${randomBytes(4).toString("hex")}`;
  const integration = await buildWebhookIntegration(s, tenant.company.id, url);
  receiver.secret = integration.secret;
  const conversation = await heldConversation(s, tenant.company.id, integration.id);
  const mine = () => receiver.deliveries.filter((d) => d.path === new URL(url).pathname);
  return { tenant, integration, conversation, mine };
}

describe("a delivery", () => {
  it("POSTs the message as JSON, signed with the integration's secret, with the event and its deliveryId", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    const message = await customerWrites(s, conversation, integration.id);

    await until(() => mine().length === 1, 10_000);
    const [got] = mine();
    const [row] = await deliveryRows(s, integration.id);
    expect(got!.method).toBe("POST");
    expect(got!.headers).toMatchObject({
      "content-type": "application/json",
      "x-balcao-event": "message.received",
      "x-balcao-delivery": row!.id,
      "x-balcao-signature": signatureOf(integration.secret, got!.headers["x-balcao-timestamp"], got!.rawBody),
    });
    expect(got!.signatureValid).toBe(true);
    // The attempt's time is signed with the body: a delivery replayed later carries a stale timestamp.
    const sentAt = Number(got!.headers["x-balcao-timestamp"]);
    expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(30);
    expect(got!.headers["x-balcao-signature"]).not.toBe(
      signatureOf(integration.secret, String(sentAt - 600), got!.rawBody),
    );
    expect(got!.rawBody).toBe(row!.body);
    expect(JSON.parse(got!.rawBody)).toEqual({
      event: "message.received",
      deliveryId: row!.id,
      company: { id: tenant.company.id },
      connection: { id: conversation.connection.id, name: conversation.connection.name },
      ticket: {
        id: conversation.ticket.id,
        uuid: conversation.ticket.uuid,
        status: "pending",
        queueId: null,
      },
      contact: { id: conversation.contact.id, name: "Marina Souza", number: conversation.contact.number },
      message: {
        id: message.id,
        body: "Quero saber do meu pedido",
        mediaType: "chat",
        mediaUrl: null,
        fromMe: false,
        createdAt: message.createdAt.toISOString(),
      },
    });

    await until(
      async () => (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "delivered",
    );
    const log = await deliveryLog(s, tenant.admin.token, integration.id);
    expect(log).toEqual({
      status: 200,
      deliveries: [
        {
          id: row!.id,
          event: "message.received",
          status: "delivered",
          attempts: 1,
          lastStatusCode: 200,
          lastError: null,
          createdAt: expect.any(String),
          deliveredAt: expect.any(String),
        },
      ],
    });
  });

  it("gives a media message a link the workflow can fetch without signing in", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    const mediaPath = `${tenant.company.id}/${randomBytes(16).toString("hex")}.png`;
    await mkdir(path.dirname(s.ctx.media.resolve(mediaPath)), { recursive: true });
    await writeFile(s.ctx.media.resolve(mediaPath), PNG);
    await customerWrites(s, conversation, integration.id, { body: "foto.png", mediaType: "image", mediaPath });

    await until(() => mine().length === 1, 10_000);
    const body = JSON.parse(mine()[0]!.rawBody) as { deliveryId: string; message: { mediaUrl: string } };
    expect(body.message.mediaUrl).toBe(`/api/integration-media/${body.deliveryId}`);
    const file = await fetch(`${s.url}${body.message.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    // Any other id is nothing.
    expect((await fetch(`${s.url}/api/integration-media/${randomUUID()}`)).status).toBe(404);
  });

  it("is tried again after each delay with the same deliveryId and body, each attempt signed, until it is answered 2xx", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    receiver.failNext(500, "reset");
    await customerWrites(s, conversation, integration.id);

    await until(() => mine().length === 3, 15_000);
    const [first, second, third] = mine();
    expect(first!.outcome).toBe(500);
    expect(second!.outcome).toBe("reset");
    expect(third!.outcome).toBe(200);
    for (const got of [second!, third!]) {
      expect(got.headers["x-balcao-delivery"]).toBe(first!.headers["x-balcao-delivery"]);
      expect(got.signatureValid).toBe(true);
      expect(got.rawBody).toBe(first!.rawBody);
    }
    // WEBHOOK_RETRY_DELAYS=1,1: a second between the attempts (at least; a worker's poll may add to it).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(950);

    await until(
      async () => (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "delivered",
    );
    expect((await deliveryLog(s, tenant.admin.token, integration.id)).deliveries).toMatchObject([
      { status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null },
    ]);
  });

  it("is failed after the last retry, and an admin's resend delivers the same delivery again", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    receiver.failNext(500, 503, 502);
    await customerWrites(s, conversation, integration.id);

    const failed = async () =>
      (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "failed";
    await until(failed, 15_000);
    // No fourth attempt comes after the last delay.
    await new Promise((r) => setTimeout(r, 2500));
    expect(mine().map((d) => d.outcome)).toEqual([500, 503, 502]);
    const [log] = (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries;
    expect(log).toMatchObject({
      status: "failed",
      attempts: 3,
      lastStatusCode: 502,
      lastError: "HTTP 502",
      deliveredAt: null,
    });

    const resent = await s.request({
      method: "POST",
      path: `/queueIntegration/${integration.id}/deliveries/${log!.id}/resend`,
      token: tenant.admin.token,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: log!.id, status: "pending", attempts: 3 });
    await until(() => mine().length === 4, 10_000);
    expect(mine()[3]!.headers["x-balcao-delivery"]).toBe(log!.id);
    expect(mine()[3]!.rawBody).toBe(mine()[0]!.rawBody);
    await until(
      async () => (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "delivered",
    );
    expect((await deliveryLog(s, tenant.admin.token, integration.id)).deliveries).toMatchObject([
      { id: log!.id, status: "delivered", attempts: 4, lastStatusCode: 200, lastError: null },
    ]);
  });

  it("records a receiver that does not answer in 10 s as a timeout, and tries again", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    receiver.failNext("hang");
    await customerWrites(s, conversation, integration.id);

    await until(() => mine().length === 2, 20_000, 100);
    expect(mine()[1]!.at - mine()[0]!.at).toBeGreaterThanOrEqual(10_000);
    await until(
      async () => (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "delivered",
    );
    const rows = await deliveryRows(s, integration.id);
    expect(rows).toMatchObject([{ status: "delivered", attempts: 2, lastStatusCode: 200 }]);
  }, 30_000);
});

describe("the SSRF guard at call time", () => {
  it("refuses a urlN8N that now reaches a private address: nothing is sent, the log says why", async () => {
    const { tenant, integration, conversation, mine } = await scene();
    // As if its host had resolved elsewhere when saved: the guard refuses loopback without ALLOW_PRIVATE_OUTBOUND.
    setOutboundPolicy({ allowPrivate: false });
    try {
      await customerWrites(s, conversation, integration.id);
      const failed = async () =>
        (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries[0]?.status === "failed";
      await until(failed, 15_000);
    } finally {
      setOutboundPolicy({ allowPrivate: true });
    }
    expect(mine()).toEqual([]);
    const [log] = (await deliveryLog(s, tenant.admin.token, integration.id)).deliveries;
    expect(log).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: null });
    expect(log!.lastError).toMatch(/^forbidden: /);
  });
});

describe("the delivery log", () => {
  it("answers the integration's own company only (404 for another's), admins only (403 for agents)", async () => {
    const { tenant, integration, conversation } = await scene();
    await customerWrites(s, conversation, integration.id);
    const [row] = await deliveryRows(s, integration.id);
    const other = await buildTenant(s);
    const resend = (token: string, integrationId = integration.id) =>
      s.request({ method: "POST", path: `/queueIntegration/${integrationId}/deliveries/${row!.id}/resend`, token });

    expect((await deliveryLog(s, other.admin.token, integration.id)).status).toBe(404);
    expect((await resend(other.admin.token)).statusCode).toBe(404);
    // Their own integration does not reach our delivery either.
    const theirs = await buildWebhookIntegration(s, other.company.id, receiver.url);
    expect((await resend(other.admin.token, theirs.id)).statusCode).toBe(404);
    expect((await deliveryLog(s, other.admin.token, theirs.id)).deliveries).toEqual([]);

    const agentLog = await s.request({
      path: `/queueIntegration/${integration.id}/deliveries`,
      token: tenant.agent.token,
    });
    expect(agentLog.statusCode).toBe(403);
    expect((await resend(tenant.agent.token)).statusCode).toBe(403);
    expect((await deliveryLog(s, tenant.admin.token, integration.id)).deliveries).toHaveLength(1);
  });

  it("answers the last 100, newest first", async () => {
    const { tenant, integration, conversation } = await scene();
    // Stored straight: 101 old deliveries and the log's limit, ten at a time (the order expected is the rows'
    // own, read back below).
    for (let stored = 0; stored < 101; stored += 10) {
      const batch = Math.min(10, 101 - stored);
      await Promise.all(Array.from({ length: batch }, () => customerWrites(s, conversation, integration.id)));
    }
    const rows = await deliveryRows(s, integration.id);
    const log = await deliveryLog(s, tenant.admin.token, integration.id);
    expect(log.deliveries.map((d) => d.id)).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((r) => r.id),
    );
  }, 60_000);
});
