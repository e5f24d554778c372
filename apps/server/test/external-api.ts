/**
 * The external messages API's test files (POST {host}/api/messages/send)
 * call it as the spec's client does, on a Cloud connection whose token is
 * the bearer, and look at what WhatsApp (the fake Graph API) received and
 * what was stored.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "./cloud-connection.js";
import { buildCompany } from "./factories.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";

/** The path the spec's client calls: {host} = /api, then /api/messages/send. */
export const SPEC_PATH = "/api/messages/send";

export const newToken = () => randomBytes(24).toString("hex");
/** A fresh customer number (Brazil, mobile). */
export const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

interface UploadedFile {
  name: string;
  type: string;
  data: Buffer;
}

/** The file most tests send: a PNG named foto.png with the given bytes. */
export const png = (data: Buffer): UploadedFile => ({ name: "foto.png", type: "image/png", data });

/**
 * A test file's server (see cloudServerPerFile; `use` gets it for the file's
 * own variables) and the calls and look-ups bound to it.
 */
export function externalApiFile(use: (started: { s: TestServer; fake: FakeGraph }) => void) {
  let s: TestServer;
  let fake: FakeGraph;
  cloudServerPerFile((started) => {
    ({ s, fake } = started);
    use(started);
  });

  async function apiConnection(companyId?: number) {
    const company = companyId ?? (await buildCompany(s)).id;
    const token = newToken();
    const connection = await buildCloudConnection(s, fake, company, { token });
    return { companyId: company, connection, token };
  }

  const sendJson = (token: string | undefined, body: unknown, path = SPEC_PATH) =>
    s.request({ method: "POST", path, token, body });

  async function sendForm(token: string, fields: Record<string, string>, file?: UploadedFile) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append("medias", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const request = new Request("http://local/", { method: "POST", body: form });
    return s.request({
      method: "POST",
      path: SPEC_PATH,
      token,
      headers: { "content-type": request.headers.get("content-type")! },
      body: Buffer.from(await request.arrayBuffer()),
    });
  }

  return {
    apiConnection,
    sendJson,
    sendForm,
    sentTo: (number: string) => fake.sent.filter((x) => x.to === number),
    contactsOf: (companyId: number) => s.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId)),
    ticketsOf: (companyId: number) => s.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId)),
    messagesOf: (ticketId: number) =>
      s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id),
  };
}
