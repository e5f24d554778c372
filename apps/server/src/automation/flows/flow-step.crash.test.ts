/**
 * A flow's durable delays across a SIGKILL (issue 18 item 6), with a real server process on PostgreSQL
 * and the fake Graph API as WhatsApp. Customers start a flow by its phrase (message → 3 s interval →
 * message → 1 s interval → message); while they sit in the first interval the process is killed, and
 * stays down past the interval's end. Started again, it resumes every run within a minute and each
 * customer reads each message exactly once, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCrashScene } from "../../../test/crash-scene.js";
import { startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import { edge, node } from "../../../test/flow-graphs.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../../test/process-api.js";
import { until } from "../../../test/sockets.js";

const PASSWORD = "FlowSafe123";
const cloud = { phoneNumberId: "109876543277", accessToken: "EAAGflows", appSecret: "flow-secret" };

let fake: FakeGraph;
const scene = useCrashScene("flow-step", PASSWORD, () => ({ WHATSAPP_GRAPH_URL: fake.url }));
const start = async (): Promise<ProcessSession> => signInAdmin(await scene.start(), PASSWORD);

const textsTo = (number: string) =>
  fake.sent.filter((s) => s.to === number).map((s) => (s.body.text as { body: string }).body);

const id = (name: string) => name.padEnd(30, "Z");
const graph = {
  nodes: [
    node("1", "start", { label: "Inicio do fluxo" }),
    node(id("one"), "message", { label: "um" }),
    node(id("wait"), "interval", { sec: 3, label: "Intervalo 3 seg." }),
    node(id("two"), "message", { label: "dois" }),
    node(id("pause"), "interval", { sec: 1, label: "Intervalo 1 seg." }),
    node(id("three"), "message", { label: "três" }),
  ],
  connections: [
    edge("1", id("one")),
    edge(id("one"), id("wait")),
    edge(id("wait"), id("two")),
    edge(id("two"), id("pause")),
    edge(id("pause"), id("three")),
  ],
};

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.addNumber(cloud);
});
afterAll(() => fake.close());

/** The admin's flow and its phrase campaign on the connection, through the API as the screens make them. */
async function flowOnConnection(admin: ProcessSession, whatsappId: number, phrase: string) {
  const flow = await admin.call<{ id: number }>("POST", "/flowbuilder", { name: `Fluxo ${phrase}` });
  expect(flow.status).toBe(200);
  const saved = await admin.call("POST", "/flowbuilder/flow", { idFlow: flow.json.id, ...graph });
  expect(saved.status).toBe(200);
  const campaign = await admin.call("POST", "/flowcampaign", {
    name: phrase,
    flowId: flow.json.id,
    whatsappId,
    phrase,
  });
  expect(campaign.status).toBe(200);
}

const customersFrom = (prefix: string) =>
  Array.from({ length: 20 }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);

const says = (customers: string[], text: string) =>
  Promise.all(
    customers.map((from) =>
      fake.customerMessage({ phoneNumberId: cloud.phoneNumberId, from, name: "Rita Souza", text }),
    ),
  );

/** After the restart: every customer reads the whole flow within a minute, each message once, in order. */
async function everyoneReadsItOnce(customers: string[]) {
  const restarted = Date.now();
  await start();
  await until(() => customers.every((from) => textsTo(from).length >= 3), 60_000, 100);
  expect(Date.now() - restarted).toBeLessThan(60_000);
  // Any second send would have had time to go out.
  await new Promise((r) => setTimeout(r, 3000));
  for (const from of customers) expect(textsTo(from)).toEqual(["um", "dois", "três"]);
}

let whatsappId: number;

describe("a flow's delays", () => {
  it("a server killed during an interval resumes every run after it starts again and sends each message once", async () => {
    const admin = await start();
    whatsappId = await connectCloud(admin, scene.server, fake, cloud);
    await flowOnConnection(admin, whatsappId, "promoção");
    const customers = customersFrom("55119333");
    const deliveries = await says(customers, "Promoção");
    expect(deliveries.map((d) => d.status)).toEqual(customers.map(() => 200));
    await until(() => customers.every((from) => textsTo(from).length === 1), 30_000, 50);
    // Inside the 3 s interval: nobody has the second message yet.
    await scene.kill();
    expect(customers.map((from) => textsTo(from))).toEqual(customers.map(() => ["um"]));
    // Down past the interval's end.
    await new Promise((r) => setTimeout(r, 3500));
    await everyoneReadsItOnce(customers);
  }, 180_000);

  it("a server killed right after the phrases arrived starts every run after the restart, each message once", async () => {
    const admin = await signInAdmin(scene.server, PASSWORD);
    // Meta's webhook follows the restarted process.
    const webhookUrl = `${scene.server.url}/api/webhooks/whatsapp/${whatsappId}`;
    await fake.subscribe({ phoneNumberId: cloud.phoneNumberId, webhookUrl, appSecret: cloud.appSecret });
    await flowOnConnection(admin, whatsappId, "oferta");
    const customers = customersFrom("55119222");
    const deliveries = await says(customers, "Oferta");
    await scene.kill();
    expect(deliveries.map((d) => d.status)).toEqual(customers.map(() => 200));
    await everyoneReadsItOnce(customers);
  }, 180_000);
});
