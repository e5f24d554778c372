/**
 * The report's data (business-areas §2.13, §4): the campaign (GET
 * /campaigns/{id}) kept live from company-{companyId}-campaign, reloaded 5 s
 * after an update marks it FINALIZADA; and the per-recipient table (GET
 * /campaigns/{id}/shipping), refreshed as the counters move.
 */
import { useEffect, useRef, useState } from "react";
import type { CampaignDetailDto, CampaignDto, CampaignShippingDto, ShippingStatus } from "@balcao/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/http";
import { useCompanyEvent } from "../../app/socket";
import { usePagedList } from "../lists/usePagedList";
import { finishedNow, reportReloadMs } from "./campaignView";
import { campaignKey, campaignSaved } from "./useCampaigns";

/** One report's table: its pages of every status filter and search. */
const shippingKey = (campaignId: number) => `campaign-shipping-${campaignId}`;
/** The table follows a running campaign at most this often (each refresh reads its loaded pages again). */
const tableRefreshMs = 2_000;

/** Calls `fn` once, `ms` after the first of several asks, and never after unmount. */
function useDelayedCall(fn: () => void, ms: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, ms);
  };
}

export function useCampaignReport(campaignId: number) {
  const queryClient = useQueryClient();
  const campaign = useQuery({
    queryKey: campaignKey(campaignId),
    queryFn: () => api.get<CampaignDetailDto>(`/campaigns/${campaignId}`),
    retry: false,
  });
  const refreshTable = useDelayedCall(
    () => void queryClient.invalidateQueries({ queryKey: [shippingKey(campaignId)] }),
    tableRefreshMs,
  );
  const reload = useDelayedCall(() => {
    void queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) });
    void queryClient.invalidateQueries({ queryKey: [shippingKey(campaignId)] });
  }, reportReloadMs);

  useCompanyEvent("campaign", (payload) => {
    const record: CampaignDto | undefined = payload.record;
    if (!record || record.id !== campaignId) return;
    const before = queryClient.getQueryData<CampaignDetailDto>(campaignKey(campaignId));
    campaignSaved(queryClient, record);
    if (finishedNow(before?.status, record.status)) reload();
    else refreshTable();
  });
  return campaign;
}

export function useShippingTable(campaignId: number) {
  const [status, setStatus] = useState<ShippingStatus | "">("");
  const list = usePagedList<"shipping", CampaignShippingDto>({
    key: shippingKey(campaignId),
    path: `/campaigns/${campaignId}/shipping`,
    field: "shipping",
    params: status === "" ? undefined : { status },
  });
  return { ...list, status, setStatus };
}
