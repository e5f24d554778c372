/** A conversation on a Cloud API connection for the message route tests, and what came of it. */
import { spawnSync } from "node:child_process";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { eq } from "drizzle-orm";
import { messages } from "../src/db/schema/index.js";
import { buildCloudConnection } from "./cloud-connection.js";
import { buildContact, buildTicket } from "./conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "./factories.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";

/** An agent (logged in) of a queue, and a contact on a running Cloud connection; `base` places a ticket there. */
export async function conversation(s: TestServer, fake: FakeGraph) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queue = await buildQueue(s, companyId);
  const agent = await buildUser(s, { companyId, queueIds: [queue.id] });
  const token = (await login(s, agent.email)).token;
  const wa = await buildCloudConnection(s, fake, companyId);
  const contact = await buildContact(s, companyId);
  const base = { companyId, contactId: contact.id, whatsappId: wa.id, queueId: queue.id };
  return { t, companyId, queue, agent, token, wa, contact, base };
}

/** The conversation with the agent holding an open ticket with 3 unread. */
export async function openChat(s: TestServer, fake: FakeGraph) {
  const c = await conversation(s, fake);
  const ticket = await buildTicket(s, { ...c.base, status: "open", userId: c.agent.id, unreadMessages: 3 });
  return { ...c, ticket };
}
export type Chat = Awaited<ReturnType<typeof openChat>>;

/** The ticket's messages as stored, oldest first. */
export const storedMessages = (s: TestServer, ticketId: number) =>
  s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

/** What WhatsApp (the fake Graph API) received for the chat's contact. */
export const sentTo = (fake: FakeGraph, c: Chat) => fake.sent.filter((x) => x.to === c.contact.number);

export interface FormFile {
  name: string;
  type: string;
  data: Buffer;
  /** The body sent with it; the file's name unless given (as the message input does). */
  body?: string;
}

/** The message input's multipart form: fromMe, then each file followed by its body. */
export function messageForm(files: FormFile[]): FormData {
  const form = new FormData();
  form.append("fromMe", "true");
  for (const f of files) {
    form.append("medias", new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    form.append("body", f.body ?? f.name);
  }
  return form;
}

/** POSTs a multipart form to /messages/{ticketId} as the token's user. */
export async function postForm(s: TestServer, token: string, ticketId: number, form: FormData) {
  const request = new Request("http://local/", { method: "POST", body: form });
  return s.request({
    method: "POST",
    path: `/messages/${ticketId}`,
    token,
    headers: { "content-type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()),
  });
}

/** The chat's agent sends these files on its ticket. */
export const sendFiles = (s: TestServer, c: Chat, files: FormFile[]) =>
  postForm(s, c.token, c.ticket.id, messageForm(files));

/** What the browser's recorder uploads: `seconds` of a tone as WebM/Opus. */
export function recordedAudio(seconds: number): Buffer {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`];
  const recording = spawnSync(ffmpeg.path, [...args, "-c:a", "libopus", "-f", "webm", "pipe:1"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (recording.status !== 0) throw new Error(`ffmpeg could not record: ${recording.stderr.toString()}`);
  return recording.stdout;
}
