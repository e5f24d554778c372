/** Queue integrations as an admin makes them over HTTP (issue 17 item 5). */
import type { TestServer } from "./harness.js";

/** POST /queueIntegration as the holder of `token`. */
export const createIntegration = (s: TestServer, token: string, body: Record<string, unknown>) =>
  s.request({ method: "POST", path: "/queueIntegration", token, body });

/** An n8n integration's fields, with `extra` over them. */
export const n8nIntegration = (extra: Record<string, unknown> = {}) => ({
  type: "n8n",
  name: "Fluxo n8n",
  urlN8N: "https://n8n.example.com/webhook/abc",
  ...extra,
});
