/** An open conversation on a Cloud API connection for the message route tests, and what came of it. */
import { eq } from "drizzle-orm";
import { messages } from "../src/db/schema/index.js";
import { buildCloudConnection } from "./cloud-connection.js";
import { buildContact, buildTicket } from "./conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "./factories.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";

/** An agent (logged in) holding an open ticket, with 3 unread, of a contact on a running Cloud connection. */
export async function openChat(s: TestServer, fake: FakeGraph) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queue = await buildQueue(s, companyId);
  const agent = await buildUser(s, { companyId, queueIds: [queue.id] });
  const token = (await login(s, agent.email)).token;
  const wa = await buildCloudConnection(s, fake, companyId);
  const contact = await buildContact(s, companyId);
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: wa.id,
    queueId: queue.id,
    status: "open",
    userId: agent.id,
    unreadMessages: 3,
  });
  return { t, companyId, agent, token, wa, contact, ticket };
}
export type Chat = Awaited<ReturnType<typeof openChat>>;

/** The ticket's messages as stored, oldest first. */
export const storedMessages = (s: TestServer, ticketId: number) =>
  s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

/** What WhatsApp (the fake Graph API) received for the chat's contact. */
export const sentTo = (fake: FakeGraph, c: Chat) => fake.sent.filter((x) => x.to === c.contact.number);
