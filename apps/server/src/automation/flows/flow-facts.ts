/**
 * For the answer sweep's read of a marked ticket `t` (answer-sweep.ts, mayAnswer): whether a flow runs on
 * it, or one may start on its next message (its company keeps an active phrase campaign, or its connection
 * names a welcome or default flow). Index lookups only: it is read for every marked ticket.
 */
export const flowFact = (t: string) => `(not ${t}.is_group and (${t}.flow_id is not null
    or exists (select 1 from flow_campaigns fc where fc.company_id = ${t}.company_id and fc.status)
    or exists (select 1 from whatsapps fw where fw.id = ${t}.whatsapp_id
      and (fw.flow_id_welcome is not null or fw.flow_id_not_phrase is not null))))`;
