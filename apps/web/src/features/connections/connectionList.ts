/** The connection list as the page keeps it: pure updates of the cached list. */
import type { WhatsappDto, WhatsappSessionDto } from "@balcao/contracts";

/**
 * A save's answer and the session events its start causes race to the page:
 * an older copy (by updatedAt) never replaces a newer one.
 */
const older = (incoming: { updatedAt: string }, current: { updatedAt: string } | undefined) =>
  current !== undefined && incoming.updatedAt < current.updatedAt;

/** Oldest first, as the server lists them. */
export function upsertConnection(list: WhatsappDto[] | undefined, w: WhatsappDto): WhatsappDto[] {
  const current = list?.find((c) => c.id === w.id);
  if (older(w, current)) return list ?? [];
  const rest = (list ?? []).filter((c) => c.id !== w.id);
  return [...rest, w].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

export function applySession(list: WhatsappDto[] | undefined, s: WhatsappSessionDto): WhatsappDto[] | undefined {
  return list?.map((c) =>
    c.id === s.id && !older(s, c)
      ? { ...c, status: s.status, qrcode: s.qrcode, retries: s.retries, updatedAt: s.updatedAt }
      : c,
  );
}

/**
 * A list read before a session event but answered after it (the page opens as
 * WhatsApp sends a QR) keeps the cache's newer rows.
 */
export function mergeFetched(cached: WhatsappDto[] | undefined, fetched: WhatsappDto[]): WhatsappDto[] {
  return fetched.map((w) => {
    const current = cached?.find((c) => c.id === w.id);
    return current && older(w, current) ? current : w;
  });
}
