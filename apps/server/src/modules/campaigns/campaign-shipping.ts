/**
 * A campaign's recipients, beyond the anchors: the report's table (GET
 * /campaigns/{id}/shipping, pages by id, searched by number or name, one
 * status at a time) and GET /campaigns/{id}/shipping/export: campanha-{id}.csv,
 * every recipient of the campaign in id order, ';'-separated with a header
 * (number;name;status;variant;deliveredAt;error; deliveredAt on the company's
 * clock with its offset), cells quoted and guarded
 * against spreadsheet formulas as the contacts export does, with a byte-order
 * mark so spreadsheet programs read accents as UTF-8. Streamed in batches
 * read by keyset, so a 100k-recipient campaign never sits in memory whole.
 */
import { Readable } from "node:stream";
import { campaignLimits, type CampaignShippingPage } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { zonedIso } from "../../automation/zoned-clock.js";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { campaigns } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { csvLine } from "../contacts/contacts.csv.js";
import { settingValue } from "../settings/settings.queries.js";
import { presentShipping } from "./campaigns.presenter.js";
import { pageOfShipping, shippingBatch, type ShippingFilter } from "./campaigns.queries.js";

/** Another company's campaign, or none, answers 404 before anything is read. */
export async function assertCampaignExists(db: Db, companyId: number, id: number): Promise<void> {
  const found = await db.query.campaigns.findFirst({
    where: and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)),
    columns: { id: true },
  });
  if (!found) throw new AppError("ERR_NOT_FOUND");
}

export async function listShippingPage(
  ctx: Context,
  companyId: number,
  campaignId: number,
  query: ShippingFilter & { pageNumber: number },
): Promise<CampaignShippingPage> {
  await assertCampaignExists(ctx.db, companyId, campaignId);
  const filter = { searchParam: query.searchParam.trim(), status: query.status };
  const { rows, count } = await pageOfShipping(ctx.db, companyId, campaignId, filter, query.pageNumber);
  const hasMore = count > (query.pageNumber - 1) * campaignLimits.shippingPageSize + rows.length;
  return { shipping: rows.map(presentShipping), hasMore, count };
}

export const shippingCsvHeader = ["number", "name", "status", "variant", "deliveredAt", "error"] as const;
const batchSize = 5_000;

export const shippingCsvName = (campaignId: number) => `campanha-${campaignId}.csv`;

async function* csvText(db: Db, companyId: number, campaignId: number) {
  yield `\uFEFF${csvLine(shippingCsvHeader)}`;
  const timeZone = await settingValue(db, companyId, "timezone");
  for (let afterId = 0; ;) {
    const rows = await shippingBatch(db, companyId, campaignId, afterId, batchSize);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([
          r.number,
          r.name,
          r.status,
          String(r.variant ?? ""),
          r.deliveredAt ? zonedIso(r.deliveredAt, timeZone) : "",
          r.error ?? "",
        ]),
      )
      .join("");
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** The caller checked the campaign is the company's (assertCampaignExists). */
export function exportShipping(db: Db, companyId: number, campaignId: number): Readable {
  return Readable.from(csvText(db, companyId, campaignId));
}
