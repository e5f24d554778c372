/**
 * Campaigns in tests: the body the spec's modal sends (every field, empty
 * strings for none), a campaign saved through the API, what a startable one
 * needs (a connection and a list whose numbers were checked valid), and
 * shipping rows written straight in the database to stand for a dispatch's
 * progress.
 */
import type { CampaignDto, ShippingStatus } from "@balcao/contracts";
import { expect } from "vitest";
import { campaignShipping, contactListItems, contactLists } from "../src/db/schema/index.js";
import { buildWhatsapp } from "./connections.js";
import type { TestServer } from "./harness.js";

/** What the modal sends: all form fields; empty strings as none (§7). */
export const campaignBody = (extra: Record<string, unknown> = {}) => ({
  name: "Promoção de verão",
  contactListId: "",
  tagListId: "",
  whatsappId: "",
  fileListId: "",
  scheduledAt: "",
  confirmation: false,
  message1: "Olá {nome}, temos ofertas!",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  confirmationMessage1: "",
  confirmationMessage2: "",
  confirmationMessage3: "",
  confirmationMessage4: "",
  confirmationMessage5: "",
  companyId: 999,
  ...extra,
});

export function saveCampaign(s: TestServer, token: string, extra: Record<string, unknown> = {}, id?: number) {
  return s.request({
    method: id === undefined ? "POST" : "PUT",
    path: id === undefined ? "/campaigns" : `/campaigns/${id}`,
    token,
    body: campaignBody(extra),
  });
}

export async function createCampaign(s: TestServer, token: string, extra: Record<string, unknown> = {}) {
  const res = await saveCampaign(s, token, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignDto>();
}

/** A list with these numbers, each checked: valid unless listed in `invalid` (null: not checked yet). */
export async function buildCheckedList(
  s: TestServer,
  companyId: number,
  numbers: string[],
  invalid: Record<string, boolean | null> = {},
) {
  const [list] = await s.ctx.db.insert(contactLists).values({ companyId, name: "Clientes da campanha" }).returning();
  if (numbers.length)
    await s.ctx.db.insert(contactListItems).values(
      numbers.map((number, i) => ({
        companyId,
        contactListId: list!.id,
        name: `Cliente ${i + 1}`,
        number,
        isWhatsappValid: number in invalid ? invalid[number] : true,
      })),
    );
  return list!;
}

/** A connection and a list of two valid numbers: what a PROGRAMADA save needs. */
export async function startableRefs(s: TestServer, companyId: number) {
  const whatsapp = await buildWhatsapp(s, companyId, { name: "Vendas" });
  const list = await buildCheckedList(s, companyId, ["5511990000001", "5511990000002"]);
  return { whatsapp, list, refs: { whatsappId: whatsapp.id, contactListId: list.id } };
}

/** Shipping rows as a dispatch leaves them. */
export async function insertShipping(
  s: TestServer,
  campaign: { id: number; companyId: number },
  rows: ({ number: string; status: ShippingStatus } & Partial<typeof campaignShipping.$inferInsert>)[],
) {
  return s.ctx.db
    .insert(campaignShipping)
    .values(rows.map((r) => ({ companyId: campaign.companyId, campaignId: campaign.id, message: "Olá", ...r })))
    .returning();
}
