/**
 * What a connection's session shows, by status and provider (core-platform
 * §4.3), and the menu badge rule (§2.3). Pure, so the page, the drawer and
 * the tests read the same table.
 *
 * The Cloud API (provider "cloud") has no QR pairing: a disconnected cloud
 * connection offers "try again" only (a new QR means nothing there) and its
 * tooltip points to the credentials; disconnecting it stops the driver, so
 * its confirmation says "try again" brings it back instead of a new scan.
 */
import type { ConnectionProvider, ConnectionStatus } from "@balcao/contracts";

export type SessionAction = "start" | "newQr" | "disconnect";

/** A session button: opens the QR modal, asks before disconnecting, calls the server, or waits. */
export type SessionButton = "qrcode" | "tryAgain" | "newQr" | "disconnect" | "connecting";

/** Under connections.tooltips.{key}.title / .content. */
export type TooltipKey = "qrcode" | "disconnected" | "disconnectedCloud" | "connected" | "timeout";

export function sessionTooltip(status: ConnectionStatus, provider: ConnectionProvider): TooltipKey | null {
  switch (status) {
    case "qrcode":
      return "qrcode";
    case "DISCONNECTED":
      return provider === "cloud" ? "disconnectedCloud" : "disconnected";
    case "CONNECTED":
      return "connected";
    // PAIRING shares the timeout tooltip (§4.3).
    case "PAIRING":
    case "TIMEOUT":
      return "timeout";
    case "OPENING":
      return null;
  }
}

export function sessionButtons(status: ConnectionStatus, provider: ConnectionProvider): SessionButton[] {
  switch (status) {
    case "qrcode":
      return ["qrcode"];
    case "DISCONNECTED":
      return provider === "cloud" ? ["tryAgain"] : ["tryAgain", "newQr"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return ["disconnect"];
    case "OPENING":
      return ["connecting"];
  }
}

/** The server call behind a button that calls one directly (§7.4). */
export const buttonAction: Partial<Record<SessionButton, SessionAction>> = {
  tryAgain: "start",
  newQr: "newQr",
};

/** The disconnect confirmation's message key: a WhatsApp Web session needs a new scan afterwards. */
export function disconnectMessageKey(provider: ConnectionProvider): string {
  return provider === "cloud"
    ? "connections.confirmationModal.disconnectCloudMessage"
    : "connections.confirmationModal.disconnectMessage";
}

/** The menu's "!" (§2.3): any connection in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING. */
export function connectionsNeedAttention(list: readonly { status: ConnectionStatus }[]): boolean {
  return list.some((c) => c.status !== "CONNECTED");
}

/**
 * The QR modal closes by itself (§2.17) when the QR it showed clears (scanned,
 * or the session moved on), when the connection is connected or gone. Opened
 * while no QR exists yet, it waits instead of closing at once.
 */
export function qrModalDone(
  connection: { status: ConnectionStatus; qrcode: string } | undefined,
  qrShown: boolean,
): boolean {
  if (!connection || connection.status === "CONNECTED") return true;
  return qrShown && connection.qrcode === "";
}
