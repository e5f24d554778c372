/**
 * Campaign dispatch (issue 12 item 9: >= 50 sends/s on PostgreSQL): a
 * company of its own (the bench data set is not needed) with a Cloud API
 * connection on the fake Graph API, a contact list of BENCH_CAMPAIGN_RECIPIENTS
 * (2,000) numbers checked valid, and no intervals in its campaign settings. A
 * campaign is saved through /campaigns scheduled for now, as the modal saves
 * it, and timed until it is FINALIZADA: the start (its rows built), then
 * every send claimed, handed to WhatsApp and settled, each in its own commit.
 * The company goes afterwards, its rows with it.
 */
import type { Database } from "../apps/server/src/db/client.js";
import type { FakeGraph } from "../apps/server/test/fake-graph.js";
import { ownCompany } from "./import.js";
import { signIn } from "./lists.js";
import type { Figure } from "./measure.js";

/** Issue 12 item 9's goal, in sends per second. */
export const campaignGoalPerSecond = 50;
export const campaignFigureName = "campaign dispatch";

const log = (line: string) => process.stdout.write(`${line}\n`);
const recipientsWanted = () => Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 2_000);
const cloud = { phoneNumberId: "100200300499", accessToken: "bench-campaign-token", appSecret: "bench-campaign" };

export interface CampaignBench {
  companyId: number;
  email: string;
  whatsappId: number;
  contactListId: number;
  recipients: number;
}

/** Before the server starts (it starts the company's connection at boot). */
export async function prepareCampaign(db: Database, fake: FakeGraph): Promise<CampaignBench> {
  const recipients = recipientsWanted();
  const { companyId, email } = await ownCompany(db, "campaign");
  fake.addNumber({ phoneNumberId: cloud.phoneNumberId, accessToken: cloud.accessToken });
  const { rows: connection } = await db.raw.query<{ id: number }>(
    `insert into whatsapps (company_id, name, provider, is_default, cloud_phone_number_id, cloud_access_token,
       cloud_app_secret, cloud_verify_token)
     values ($1, 'Bench campaign', 'cloud', true, $2, $3, $4, 'bench') returning id`,
    [companyId, cloud.phoneNumberId, cloud.accessToken, cloud.appSecret],
  );
  const { rows: list } = await db.raw.query<{ id: number }>(
    `insert into contact_lists (company_id, name) values ($1, 'Bench campaign') returning id`,
    [companyId],
  );
  const contactListId = list[0]!.id;
  await db.raw.query(
    `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
     select $1, $2, 'Cliente ' || i, '55119' || lpad(i::text, 8, '0'), '', true from generate_series(1, $3) i`,
    [companyId, contactListId, recipients],
  );
  return { companyId, email, whatsappId: connection[0]!.id, contactListId, recipients };
}

async function campaignState(db: Database, id: number) {
  const { rows } = await db.raw.query<{ status: string; sent: string }>(
    `select status, (select count(*) from campaign_shipping where campaign_id = $1 and status = 'delivered') as sent
     from campaigns where id = $1`,
    [id],
  );
  return rows[0]!;
}

async function connected(db: Database, whatsappId: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { rows } = await db.raw.query<{ status: string }>(`select status from whatsapps where id = $1`, [whatsappId]);
    if (rows[0]?.status === "CONNECTED") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the bench campaign's connection did not connect");
}

export async function campaignFigure(base: string, db: Database, fake: FakeGraph, bench: CampaignBench) {
  try {
    await connected(db, bench.whatsappId);
    const token = await signIn(base, bench.email);
    const call = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
        return r.json() as Promise<{ id: number }>;
      });
    const settings = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] };
    await call("/campaign-settings", { settings });
    log(`bench: campaign to ${bench.recipients} recipients, no intervals`);
    const sentBefore = fake.sent.length;
    const started = performance.now();
    const campaign = await call("/campaigns", {
      name: "Bench campaign",
      whatsappId: bench.whatsappId,
      contactListId: bench.contactListId,
      scheduledAt: new Date().toISOString(),
      confirmation: false,
      message1: "Olá {nome}, ofertas da semana no {numero}",
    });
    let state = await campaignState(db, campaign.id);
    while (state.status !== "FINALIZADA") {
      await new Promise((r) => setTimeout(r, 25));
      state = await campaignState(db, campaign.id);
    }
    const seconds = (performance.now() - started) / 1000;
    const sends = fake.sent.length - sentBefore;
    if (sends !== bench.recipients || Number(state.sent) !== bench.recipients)
      throw new Error(`campaign: ${sends} sends reached WhatsApp, ${state.sent} delivered, of ${bench.recipients}`);
    const perSecond = sends / seconds;
    const verdict = perSecond >= campaignGoalPerSecond ? "ok" : "UNDER";
    return {
      name: `${campaignFigureName}, ${bench.recipients} recipients (start to FINALIZADA)`,
      p50: seconds * 1000,
      p95: seconds * 1000,
      runs: 1,
      perSecond,
      note: `${perSecond.toFixed(0)} sends/s (${verdict}: goal >= ${campaignGoalPerSecond}/s)`,
    } satisfies Figure;
  } finally {
    await db.raw.query(`delete from companies where id = $1`, [bench.companyId]);
  }
}
