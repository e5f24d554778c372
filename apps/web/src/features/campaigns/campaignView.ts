/** How campaigns read on screen: dates, status colours, the report's progress (business-areas §2.11, §2.13, §9). */
import { campaignLimits, type CampaignReport, type CampaignStatus } from "@balcao/contracts";
import { companyDateTime } from "../../app/company-clock";

/** An ISO date-time as the list and the report show it (the company's clock), or null for none. */
export function formatCampaignDate(iso: string | null): string | null {
  return iso ? companyDateTime(iso) || null : null;
}

export const statusColor: Record<CampaignStatus, "default" | "info" | "warning" | "error" | "success"> = {
  INATIVA: "default",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "warning",
  CANCELADA: "error",
  FINALIZADA: "success",
};

/** §9: delivered / valid contacts × 100, kept within 0–100 (a list may lose contacts after the sends). */
export function progressPercent(report: Pick<CampaignReport, "delivered" | "validContacts">): number {
  if (report.validContacts <= 0) return 0;
  return Math.min(100, Math.max(0, (report.delivered / report.validContacts) * 100));
}

/**
 * A campaign update that should reload the report, §4: one that marks it
 * FINALIZADA while the report showed it otherwise.
 */
export function finishedNow(shown: CampaignStatus | undefined, next: CampaignStatus): boolean {
  return next === "FINALIZADA" && shown !== undefined && shown !== "FINALIZADA";
}

export const reportReloadMs = campaignLimits.reportReloadMs;
