/**
 * The `mediaUrl` of a delivery's message: a link the workflow can GET without
 * signing in (our /public media needs a user's session), served by
 * deliveries.routes.ts `GET /integration-media/{deliveryId}`. The deliveryId is
 * a random uuid only the integration's receiver is told, so the link is the
 * key (as the random media names are); it serves that one message's file,
 * and only for `mediaLinkDays` after the delivery was made.
 *
 * Absolute under PUBLIC_URL (set once at start, `setMediaLinkBase`); without
 * PUBLIC_URL it is a path the workflow prefixes with the server's address.
 */
export const mediaLinkDays = 7;

let base = "";

export function setMediaLinkBase(publicUrl: string | undefined): void {
  base = (publicUrl ?? "").replace(/\/+$/, "");
}

export function mediaLinkOf(deliveryId: string): string {
  return `${base}/api/integration-media/${deliveryId}`;
}
