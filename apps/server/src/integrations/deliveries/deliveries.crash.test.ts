/**
 * Deliveries across a SIGKILL (issue 17 item 6: "at least once; never lost"),
 * with a real server process (started as `npm start` starts it) on a
 * PostgreSQL database this test also reads, and the fake receiver:
 *  - killed while a delivery waits for its retry: the retry is a job in the
 *    database, and the restarted server makes it when due;
 *  - killed during an attempt (the receiver never answers): the cut-off run
 *    outlives its time limit and the restarted server makes it again.
 * Either way the receiver gets the same deliveryId and body, signed, within a
 * minute of the restart, and the log says delivered.
 *
 * The delivery is queued here through queueMessageDelivery in a transaction
 * of this process (as the integration's turn does in the server's), its job
 * inserted with it; only the server process works jobs.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCrashScene } from "../../../test/crash-scene.js";
import {
  signatureOf,
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from "../../../test/fake-webhook-receiver.js";
import { until } from "../../../test/sockets.js";
import {
  integrationDeliveries,
  queueIntegrations,
  whatsapps,
  contacts,
  tickets,
  messages,
} from "../../db/schema/index.js";
import { createEventBus, type EventBus } from "../../events/bus.js";
import { startJobs, type Jobs } from "../../jobs/jobs.js";
import { createLogger } from "../../logger.js";
import { encryptSecret, initSecrets, parseSecretsKey } from "../../secrets/index.js";
import { deliverWebhook } from "./deliver-webhook.job.js";
import { queueMessageDelivery } from "./queue-delivery.js";

const PASSWORD = "DeliverySafe123";
const SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");

let receiver: FakeWebhookReceiver;
let jobs: Jobs;
let events: EventBus;
let companyId = 1;

const scene = useCrashScene("deliveries", PASSWORD, () => ({
  WEBHOOK_RETRY_DELAYS: "4",
  ALLOW_PRIVATE_OUTBOUND: "true",
  SECRETS_KEY,
}));

/** `recovery`: JOB_RECOVERY_SECONDS, the configuration's default (30) unless given. */
const start = (recovery?: string) => scene.start(recovery ? { JOB_RECOVERY_SECONDS: recovery } : {});

beforeAll(async () => {
  // The server's key, so what this process encrypts the server reads.
  initSecrets(parseSecretsKey(SECRETS_KEY)!);
  receiver = await startFakeWebhookReceiver();
  const log = createLogger({ LOG_LEVEL: "silent", LOG_FORMAT: "json" });
  // This process only inserts jobs (no worker): the server process works them.
  jobs = await startJobs(scene.database, log, { recoverySeconds: 3600 });
  await jobs.register(deliverWebhook);
  events = createEventBus(scene.database.db, jobs, log);
  // The platform company the first start seeds.
  await start("1");
  companyId = 1;
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await receiver?.close();
}, 60_000);

/** An integration posting to the receiver, a held ticket and a customer message, told to the integration. */
async function queuedDelivery(): Promise<{ deliveryId: string; secret: string }> {
  const secret = `whsec-${Date.now()}`;
  receiver.secret = secret;
  const db = scene.database.db;
  const [integration] = await db
    .insert(queueIntegrations)
    .values({
      companyId,
      type: "webhook",
      name: "Fluxo",
      projectName: "Fluxo",
      urlN8N: receiver.url,
      signingSecret: encryptSecret(secret),
    })
    .returning();
  const [connection] = await db.insert(whatsapps).values({ companyId, name: "Loja", provider: "cloud" }).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ companyId, name: "Carla", number: `5511${Date.now() % 1e9}` })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId,
      contactId: contact!.id,
      whatsappId: connection!.id,
      chatbot: true,
      useIntegration: true,
      integrationId: integration!.id,
    })
    .returning();
  const [message] = await db
    .insert(messages)
    .values({ companyId, ticketId: ticket!.id, whatsappId: connection!.id, contactId: contact!.id, body: "Oi" })
    .returning();
  await events.transaction((t) =>
    queueMessageDelivery(t, {
      companyId,
      integrationId: integration!.id,
      ticketId: ticket!.id,
      messageId: message!.id,
    }),
  );
  const [row] = await db
    .select({ id: integrationDeliveries.id })
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.integrationId, integration!.id));
  return { deliveryId: row!.id, secret };
}

async function statusOf(deliveryId: string) {
  const [row] = await scene.database.db
    .select()
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.id, deliveryId));
  return row!;
}

/** What the receiver got for this delivery. */
const received = (deliveryId: string) =>
  receiver.deliveries.filter((d) => d.headers["x-balcao-delivery"] === deliveryId);

describe("a delivery across a SIGKILL", () => {
  it("waiting for its retry is made after the restart, with the same deliveryId", async () => {
    if (!scene.running) await start("1");
    receiver.failNext(500);
    const { deliveryId, secret } = await queuedDelivery();
    await until(() => received(deliveryId).length === 1, 30_000, 50);
    await until(async () => (await statusOf(deliveryId)).attempts === 1, 10_000, 50);
    // The retry waits 4 s: the server dies meanwhile, and stays down past its time.
    await scene.kill();
    await new Promise((r) => setTimeout(r, 5000));
    expect(received(deliveryId)).toHaveLength(1);

    await start("1");
    const restarted = Date.now();
    await until(() => received(deliveryId).length === 2, 60_000, 100);
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const [first, again] = received(deliveryId);
    expect(again!.rawBody).toBe(first!.rawBody);
    expect(again!.headers["x-balcao-signature"]).toBe(
      signatureOf(secret, again!.headers["x-balcao-timestamp"], first!.rawBody),
    );
    expect(again!.signatureValid).toBe(true);
    await until(async () => (await statusOf(deliveryId)).status === "delivered", 10_000);
    expect(await statusOf(deliveryId)).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  }, 180_000);

  it("cut off during an attempt is made again after the restart, with the same deliveryId", async () => {
    if (!scene.running) await start("1");
    // The receiver takes the request and never answers: the server is killed while it waits.
    receiver.failNext("hang");
    const { deliveryId } = await queuedDelivery();
    await until(() => received(deliveryId).length === 1, 30_000, 50);
    await scene.kill();
    expect((await statusOf(deliveryId)).attempts).toBe(0);

    // With the default JOB_RECOVERY_SECONDS: the cut-off run is handed out again at the first maintenance.
    await start();
    const restarted = Date.now();
    await until(() => received(deliveryId).length === 2, 60_000, 100);
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const [first, again] = received(deliveryId);
    expect(again!.rawBody).toBe(first!.rawBody);
    expect(again!.signatureValid).toBe(true);
    await until(async () => (await statusOf(deliveryId)).status === "delivered", 10_000);
    expect(await statusOf(deliveryId)).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
  }, 180_000);
});
