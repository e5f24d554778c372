/**
 * The bot's answers across a SIGKILL (issue 11 items 2 and 10; the guide's
 * durable-job rule), with a real server process on PostgreSQL and the fake
 * Graph API as WhatsApp. A burst of new customers writes; as soon as Meta
 * has its 200 for the last message, the process is killed, with most of
 * the answers not made yet (the bot gives way to the burst) and some maybe
 * half made. Started again, the server finds the tickets' marks: every
 * customer gets the menu, once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCrashScene } from "../../test/crash-scene.js";
import { startFakeGraph, type FakeGraph } from "../../test/fake-graph.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../test/process-api.js";
import { queueBody } from "../../test/queues.js";
import { until } from "../../test/sockets.js";

const PASSWORD = "SweepSafe123";
const cloud = { phoneNumberId: "109876543299", accessToken: "EAAGsweep", appSecret: "sweep-secret" };
const menu = [
  "Olá Rita! Escolha um setor:",
  "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
  "*[ Sair ]* - Encerrar atendimento",
].join("\n\n");

let fake: FakeGraph;
const scene = useCrashScene("sweep", PASSWORD, () => ({ WHATSAPP_GRAPH_URL: fake.url }));
const start = async (): Promise<ProcessSession> => signInAdmin(await scene.start(), PASSWORD);

const textsTo = (number: string) =>
  fake.sent.filter((s) => s.to === number).map((s) => (s.body.text as { body: string }).body);

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.addNumber(cloud);
});
afterAll(() => fake.close());

describe("the bot's answers", () => {
  it("a server killed right after a burst of stored messages answers each once after it starts again", async () => {
    const admin = await start();
    const queue = async (name: string, color: string, orderQueue: number) =>
      (await admin.call<{ id: number }>("POST", "/queue", queueBody({ name, color, orderQueue }))).json.id;
    const queueIds = [await queue("Vendas", "#B80000", 1), await queue("Suporte", "#0B5394", 2)];
    await connectCloud(admin, scene.server, fake, cloud, {
      queueIds,
      greetingMessage: "Olá {{firstName}}! Escolha um setor:",
    });

    const customers = Array.from({ length: 40 }, (_, i) => `55119444${String(i).padStart(5, "0")}`);
    const deliveries = await Promise.all(
      customers.map((from) =>
        fake.customerMessage({ phoneNumberId: cloud.phoneNumberId, from, name: "Rita Souza", text: "Oi" }),
      ),
    );
    await scene.kill();
    expect(deliveries.map((d) => d.status)).toEqual(customers.map(() => 200));
    const answeredBefore = customers.filter((from) => textsTo(from).length > 0).length;
    // The kill came before the bot was done: what is left is the restart's to answer.
    expect(answeredBefore).toBeLessThan(customers.length);

    await start();
    await until(() => customers.every((from) => textsTo(from).length > 0), 60_000, 100);
    // Any second answer would have had time to go out.
    await new Promise((r) => setTimeout(r, 3000));
    for (const from of customers) expect(textsTo(from)).toEqual([menu]);
  }, 180_000);
});
