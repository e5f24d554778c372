/**
 * The Messages API page's test forms call the API as an outside system would:
 * the connection's token typed in the form is the bearer, never the user's
 * session (and a refused token must not sign the user out, as the session
 * client does on a 401), so this goes through fetch directly.
 */
import type { ExternalSendResult } from "@balcao/contracts";
import { API_BASE, ApiError } from "../../api/http";

/**
 * The endpoint's path, one URL on this page, in the README and for the test forms: {PUBLIC_URL}/api/messages/send
 * (issue 30 item 6). The server also answers the spec's literal {host}/api/messages/send (/api/api/messages/send)
 * for clients written for this family of products; the page does not show that one.
 */
export const SEND_PATH = `${API_BASE}/messages/send`;

/** The endpoint as an outside system writes it. */
export function endpointUrl(origin = window.location.origin): string {
  return `${origin}${SEND_PATH}`;
}

export async function sendTestMessage(token: string, payload: { number: string; body: string } | FormData) {
  const isForm = payload instanceof FormData;
  const res = await fetch(SEND_PATH, {
    method: "POST",
    credentials: "omit",
    headers: {
      authorization: `Bearer ${token.trim()}`,
      ...(isForm ? {} : { "content-type": "application/json" }),
    },
    body: isForm ? payload : JSON.stringify(payload),
  });
  const body = (await res.json().catch(() => ({}))) as ExternalSendResult & ApiError["body"];
  if (!res.ok) throw new ApiError(res.status, body);
  return body;
}
