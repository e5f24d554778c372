/**
 * Presence is written at most once per user per realtimeLimits.presenceWriteMs
 * (issue 29 item 4): a user's first report is written at once; the reports
 * that follow within the interval only replace one another, and the last is
 * written when the interval ends (online or offline, whichever came last).
 * A user's writes never overlap, and a user quiet for an interval holds no
 * memory here. `flush` writes what is waiting at once (server shutdown).
 */
import { realtimeLimits } from "@balcao/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AccessClaims } from "../modules/auth/tokens.js";

export interface Presence {
  /** Called on connect, on each userStatus report and on the last disconnect. */
  report(claims: AccessClaims, online: boolean): Promise<void>;
}

type Report = { claims: AccessClaims; online: boolean };

interface Slot {
  /** The latest report since this slot's write, written when the interval ends. */
  next?: Report;
  /** Ends the interval at once. */
  wake: () => void;
  /** This write, its interval and the writes that followed it. */
  done: Promise<void>;
}

export function coalescePresence(presence: Presence, log: FastifyBaseLogger) {
  const slots = new Map<number, Slot>();
  let flushing = false;

  const write = (report: Report): Promise<void> => {
    const written = presence
      .report(report.claims, report.online)
      .catch((err: unknown) => log.warn({ err }, "presence update failed"));
    let wake = () => {};
    const interval = new Promise<void>((resolve) => {
      if (flushing) return resolve();
      const timer = setTimeout(resolve, realtimeLimits.presenceWriteMs);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    const slot: Slot = {
      wake: () => wake(),
      done: Promise.all([written, interval]).then(() => {
        slots.delete(report.claims.id);
        return slot.next ? write(slot.next) : undefined;
      }),
    };
    slots.set(report.claims.id, slot);
    return slot.done;
  };

  return {
    report(claims: AccessClaims, online: boolean): void {
      const slot = slots.get(claims.id);
      if (slot) slot.next = { claims, online };
      else void write({ claims, online });
    },
    async flush(): Promise<void> {
      flushing = true;
      const waiting = [...slots.values()];
      for (const slot of waiting) slot.wake();
      await Promise.all(waiting.map((slot) => slot.done));
      flushing = false;
    },
  };
}
