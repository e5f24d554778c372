/** The HTTP API of a server process (server-process.ts), as a client calls it: sign in, then JSON calls with the token. */
import type { FakeGraph } from "./fake-graph.js";
import type { ServerProcess } from "./server-process.js";
import { until } from "./sockets.js";

export interface ProcessSession {
  token: string;
  userId: number;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
}

/** Signs the seeded admin in; each call answers its status and JSON (null for an empty body). */
export function signInAdmin(s: ServerProcess, password: string): Promise<ProcessSession> {
  return signIn(s, "admin@example.com", password);
}

/** Signs a user in by email and password; each call answers its status and JSON (null for an empty body). */
export async function signIn(s: ServerProcess, email: string, password: string): Promise<ProcessSession> {
  const request = async <T>(method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${s.url}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  };
  const login = await request<{ token: string; user: { id: number } }>("POST", "/auth/login", { email, password });
  if (login.status !== 200) throw new Error(`login of ${email} answered ${login.status}`);
  const { token, user } = login.json;
  return { token, userId: user.id, call: (method, path, body) => request(method, path, body, token) };
}

export interface CloudNumber {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
}

/**
 * Links the fake's number as the company's default Cloud connection (with `fields` of the connection
 * modal), waits for it to connect and points Meta's webhook at `s`; answers the connection's id.
 */
export async function connectCloud(
  admin: ProcessSession,
  s: ServerProcess,
  fake: FakeGraph,
  cloud: CloudNumber,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const created = await admin.call<{ id: number }>("POST", "/whatsapp", {
    name: "Loja",
    isDefault: true,
    provider: "cloud",
    queueIds: [],
    cloudPhoneNumberId: cloud.phoneNumberId,
    cloudAccessToken: cloud.accessToken,
    cloudAppSecret: cloud.appSecret,
    cloudVerifyToken: "verify-me",
    ...fields,
  });
  if (created.status !== 200) throw new Error(`POST /whatsapp answered ${created.status}`);
  const id = created.json.id;
  await until(
    async () => (await admin.call<{ status: string }>("GET", `/whatsapp/${id}`)).json.status === "CONNECTED",
    30_000,
  );
  await fake.subscribe({
    phoneNumberId: cloud.phoneNumberId,
    webhookUrl: `${s.url}/api/webhooks/whatsapp/${id}`,
    appSecret: cloud.appSecret,
  });
  return id;
}
