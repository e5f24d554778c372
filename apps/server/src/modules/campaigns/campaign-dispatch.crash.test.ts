/**
 * A campaign across a SIGKILL (issue 12 item 8): a real server process on a
 * PostgreSQL database sends a 200-recipient campaign with no intervals
 * through the fake Graph API, which holds one send's answer; the server is
 * killed while WhatsApp has that send and not answered it. A new process on
 * the same database finishes the campaign: exactly 200 sends reached
 * WhatsApp, no number twice, the held one's row `unknown` (we cannot know
 * whether the customer got it, so it is never sent again), the campaign
 * FINALIZADA and the report's counts adding up.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CampaignDetailDto, CampaignDto } from "@balcao/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaignBody } from "../../../test/campaigns.js";
import { testDatabase } from "../../../test/database.js";
import { startFakeGraph, type FakeGraph } from "../../../test/fake-graph.js";
import { connectCloud, signInAdmin, type ProcessSession } from "../../../test/process-api.js";
import { startServerProcess, type ServerProcess } from "../../../test/server-process.js";
import { until } from "../../../test/sockets.js";
import type { Database } from "../../db/client.js";
import { campaignShipping, contactListItems, contactLists, users } from "../../db/schema/index.js";

const PASSWORD = "CampaignSafe123";
const dir = mkdtempSync(path.join(tmpdir(), "balcao-campaign-"));
const cloud = { phoneNumberId: "109876543277", accessToken: "EAAGcampaign", appSecret: "campaign-secret" };
const numbers = Array.from({ length: 200 }, (_, i) => `5511970${String(i).padStart(6, "0")}`);

let fake: FakeGraph;
let database: Database;
let server: ServerProcess | undefined;

async function start(name: string): Promise<ProcessSession> {
  server = await startServerProcess(path.join(dir, name), path.join(dir, `${name}.log`), PASSWORD, {
    WHATSAPP_GRAPH_URL: fake.url,
    JOB_RECOVERY_SECONDS: "1",
    DATABASE_URL: database.url,
  });
  return signInAdmin(server, PASSWORD);
}

async function kill() {
  process.kill(-server!.pid, "SIGKILL");
  await server!.exited;
}

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.addNumber(cloud);
  database = await testDatabase();
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    process.kill(server.pid, "SIGTERM");
    await server.exited;
  }
  await fake.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The list's 200 items, checked valid, written straight in the database. */
async function checkedList(companyId: number): Promise<number> {
  const [list] = await database.db.insert(contactLists).values({ companyId, name: "Duzentos" }).returning();
  await database.db.insert(contactListItems).values(
    numbers.map((number, i) => ({
      companyId,
      contactListId: list!.id,
      name: `Cliente ${i + 1}`,
      number,
      isWhatsappValid: true,
    })),
  );
  return list!.id;
}

const sendsTo = () => fake.sent.filter((x) => numbers.includes(x.to));

it("a send in flight at SIGKILL is left unknown, never repeated; a new process sends the rest: 200 in all", async () => {
  let admin = await start("first");
  const whatsappId = await connectCloud(admin, server!, fake, cloud);
  const [me] = await database.db.select().from(users).where(eq(users.id, admin.userId));
  const contactListId = await checkedList(me!.companyId);
  const pace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] };
  expect((await admin.call("POST", "/campaign-settings", { settings: pace })).status).toBe(200);

  const saved = await admin.call<CampaignDto>(
    "POST",
    "/campaigns",
    campaignBody({ whatsappId, contactListId, message1: "Oferta para {nome}", scheduledAt: new Date().toISOString() }),
  );
  expect(saved.status).toBe(200);
  const campaignId = saved.json.id;

  // Well into the campaign, WhatsApp takes the next send and never answers it before the kill.
  await until(() => sendsTo().length >= 60, 60_000, 10);
  fake.holdSends();
  const before = sendsTo().length;
  await until(() => sendsTo().length === before + 1, 10_000, 10);
  const held = sendsTo().at(-1)!;
  await kill();
  fake.releaseSends();
  expect(sendsTo().length).toBeLessThan(200);

  admin = await start("second");
  await until(
    async () => (await admin.call<CampaignDetailDto>("GET", `/campaigns/${campaignId}`)).json.status === "FINALIZADA",
    150_000,
    500,
  );
  // Settled: no run is left that could send again.
  await new Promise((r) => setTimeout(r, 3000));

  const sent = sendsTo().map((x) => x.to);
  expect(sent).toHaveLength(200);
  expect(new Set(sent).size).toBe(200);
  const rows = await database.db
    .select()
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId))
    .orderBy(asc(campaignShipping.id));
  expect(rows).toHaveLength(200);
  expect(rows.filter((r) => r.status !== "delivered")).toMatchObject([
    { number: held.to, status: "unknown", deliveredAt: null },
  ]);
  const { json: done } = await admin.call<CampaignDetailDto>("GET", `/campaigns/${campaignId}`);
  expect(done).toMatchObject({ status: "FINALIZADA", completedAt: expect.any(String) });
  expect(done.report).toMatchObject({ recipients: 200, delivered: 199, unknown: 1, failed: 0, pending: 0 });
  expect(done.report.delivered + done.report.unknown).toBe(done.report.recipients);
}, 300_000);
