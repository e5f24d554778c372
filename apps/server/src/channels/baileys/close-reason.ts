/**
 * What a WhatsApp Web session does after its socket closed, by the reason
 * WhatsApp (or Baileys) gave. Kept apart from the driver so each rule reads
 * at a glance and is tested on its own.
 */
import { DisconnectReason } from "@whiskeysockets/baileys";

export type AfterClose =
  /** Reopen now: WhatsApp asks for it right after a QR scan. */
  | "restart"
  /** The link dropped: reopen after a backoff, the session stays paired. */
  | "reconnect"
  /** The phone removed this device: the pairing is gone for good. */
  | "logged-out"
  /** Stop and wait for a person: "try again" or "new QR". */
  | "stop";

export function afterClose(statusCode: number | undefined, paired: boolean): AfterClose {
  switch (statusCode) {
    case DisconnectReason.restartRequired:
      return "restart";
    case DisconnectReason.loggedOut:
      return "logged-out";
    // Another client took the same session, WhatsApp refused this device, or
    // the stored keys do not match the server's: reconnecting would repeat it.
    case DisconnectReason.connectionReplaced:
    case DisconnectReason.forbidden:
    case DisconnectReason.badSession:
    case DisconnectReason.multideviceMismatch:
      return "stop";
    default:
      // Before a scan, a close means the QR codes ran out or WhatsApp was out of
      // reach: nobody is looking, so wait for "try again" rather than loop.
      return paired ? "reconnect" : "stop";
  }
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;

/** 1 s, 2 s, 4 s ... up to a minute between attempts. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt));
}
