/**
 * The campaign's pace (SERVER-BEHAVIOUR "Campaigns"; business-areas §9), in
 * seconds as the settings say: `messageInterval` between sends, and after
 * every `longerIntervalAfter` sends (when it is more than 0) `greaterInterval`
 * instead. Its state is the campaign's own (sentCount, lastSendAt), so a run
 * after a restart or a cancel and restart keeps the pace where it was.
 */
import type { CampaignSettings } from "@balcao/contracts";

export type Pace = Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval">;

export interface PaceState {
  /** Recipients handed to WhatsApp since the campaign started. */
  sentCount: number;
  /** When the last of them was; null before the first. */
  lastSendAt: Date | null;
}

/** How many seconds the send after `sentCount` sends waits after the previous one. */
export function gapSeconds(pace: Pace, sentCount: number): number {
  if (sentCount === 0) return 0;
  const longer = pace.longerIntervalAfter > 0 && sentCount % pace.longerIntervalAfter === 0;
  return longer ? pace.greaterInterval : pace.messageInterval;
}

/** When the next send may go (never before `now` matters to the caller: a past time means at once). */
export function nextSendAt(pace: Pace, state: PaceState): Date {
  if (state.lastSendAt === null) return new Date(0);
  return new Date(state.lastSendAt.getTime() + gapSeconds(pace, state.sentCount) * 1000);
}
