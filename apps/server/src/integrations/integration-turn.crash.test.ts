/**
 * An integration's turn across a SIGKILL (issue 17 item 6: a crash must not
 * send twice nor lose the turn), with a real server process on PostgreSQL,
 * the fake Graph API as WhatsApp and the fake Typebot: the server is killed
 * while Typebot is still answering the customer's first message. Started
 * again, the turn runs again once its run's time is up (the job is in the
 * database), and the customer gets the bot's welcome once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCrashScene } from "../../test/crash-scene.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { paragraph, startFakeTypebot, textBubble, type FakeTypebot } from "../../test/fake-typebot.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../test/process-api.js";
import { until } from "../../test/sockets.js";

const PASSWORD = "TurnSafe123";
const cloud = { phoneNumberId: "109876543277", accessToken: "EAAGturn", appSecret: "turn-secret" };
const customer = "5511944400077";

let fake: FakeGraph;
let typebot: FakeTypebot;
const scene = useCrashScene("turn", PASSWORD, () => ({
  WHATSAPP_GRAPH_URL: fake.url,
  ALLOW_PRIVATE_OUTBOUND: "true",
  JOB_RECOVERY_SECONDS: "1",
}));
const start = async (): Promise<ProcessSession> => signInAdmin(await scene.start(), PASSWORD);

const received = () =>
  fake.sent.filter((s) => s.to === customer).map((s) => (s.body.text as { body: string } | undefined)?.body);

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.addNumber(cloud);
  typebot = await startFakeTypebot();
});
afterAll(() => Promise.all([fake.close(), typebot.close()]));

describe("a Typebot turn", () => {
  it("a server killed while Typebot answers runs the turn again after it starts, and the customer is answered once", async () => {
    typebot.publish("crash", [
      { messages: [textBubble(paragraph({ text: "Bem-vindo!" }))], input: ["Pedidos", "Dúvidas"] },
    ]);
    const admin = await start();
    const integration = await admin.call<{ id: number }>("POST", "/queueIntegration", {
      type: "typebot",
      name: "Bot",
      urlN8N: typebot.url,
      typebotSlug: "crash",
      typebotDelayMessage: 0,
    });
    expect(integration.status).toBe(200);
    await connectCloud(admin, scene.server, fake, cloud, { integrationId: integration.json.id });

    const release = typebot.holdAnswers();
    const delivery = await fake.customerMessage({
      phoneNumberId: cloud.phoneNumberId,
      from: customer,
      name: "Rita",
      text: "Oi",
    });
    expect(delivery.status).toBe(200);
    await until(() => typebot.calls.length === 1, 20_000, 50);
    await scene.kill();
    release();
    expect(received()).toEqual([]);

    await start();
    await until(() => received().length >= 2, 120_000, 200);
    // Any second answer would have had time to go out.
    await new Promise((r) => setTimeout(r, 3000));
    expect(received()).toEqual(["Bem-vindo!", "*1* - Pedidos\n*2* - Dúvidas"]);
    expect(typebot.calls.map((c) => c.kind)).toEqual(["startChat", "startChat"]);
  }, 240_000);
});
