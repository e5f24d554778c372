/** The fake Graph API's control side (apps/server/test/fake-graph.ts): specs play Meta and the customer through it. */
import { readEnv } from "./env.js";

export async function graph<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${readEnv("graphOrigin")}/_control${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`fake Graph ${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
