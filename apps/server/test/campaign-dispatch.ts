/**
 * Campaign dispatch in tests: a company with a running Cloud API connection
 * (the fake Graph API records what reaches WhatsApp), its pace saved through
 * /campaign-settings as the settings page saves it, a campaign saved with
 * scheduledAt now through /campaigns as the modal saves it, and what the
 * report and the shipping rows say once it ran.
 */
import type { CampaignDetailDto, CampaignStatus, CampaignVariable } from "@balcao/contracts";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { campaignShipping } from "../src/db/schema/index.js";
import { buildCheckedList, createCampaign } from "./campaigns.js";
import { buildCloudConnection, customerNumber } from "./cloud-connection.js";
import { buildTenant } from "./factories.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";
import { until } from "./sockets.js";

export interface Pace {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

export const noWaits: Pace = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };

export async function savePace(s: TestServer, adminToken: string, pace: Pace, variables: CampaignVariable[] = []) {
  const res = await s.request({
    method: "POST",
    path: "/campaign-settings",
    token: adminToken,
    body: { settings: { ...pace, variables } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A company with a running Cloud connection, its pace, and a checked list of `size` fresh numbers. */
export async function dispatchWorld(s: TestServer, fake: FakeGraph, size: number, pace: Pace = noWaits) {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id);
  await savePace(s, t.admin.token, pace);
  const numbers = Array.from({ length: size }, () => customerNumber());
  const list = await buildCheckedList(s, t.company.id, numbers);
  return { t, connection, numbers, list, refs: { whatsappId: connection.id, contactListId: list.id } };
}

/** Saved PROGRAMADA for now: its start job runs at once. */
export function startNow(s: TestServer, token: string, extra: Record<string, unknown>) {
  return createCampaign(s, token, { scheduledAt: new Date().toISOString(), ...extra });
}

export async function showCampaign(s: TestServer, token: string, id: number): Promise<CampaignDetailDto> {
  const res = await s.request({ path: `/campaigns/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignDetailDto>();
}

export async function reachStatus(
  s: TestServer,
  token: string,
  id: number,
  status: CampaignStatus,
  timeoutMs = 20_000,
): Promise<CampaignDetailDto> {
  await until(async () => (await showCampaign(s, token, id)).status === status, timeoutMs, 100);
  return showCampaign(s, token, id);
}

export function shippingRows(s: TestServer, campaignId: number) {
  return s.ctx.db
    .select()
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId))
    .orderBy(asc(campaignShipping.id));
}

/** The texts the fake Graph API received for a number, in order (a media's caption for a media). */
export function textsTo(fake: FakeGraph, number: string): string[] {
  return fake.sent
    .filter((x) => x.to === number)
    .map((x) => {
      const body = x.body as { type: string } & Record<string, { body?: string; caption?: string }>;
      const content = body[body.type];
      return content?.body ?? content?.caption ?? `[${body.type}]`;
    });
}
