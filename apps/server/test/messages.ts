/** A conversation on a Cloud API connection for the message route tests, and what came of it. */
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
