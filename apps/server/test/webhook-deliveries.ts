/**
 * Integration deliveries' tests (issue 17 item 6): a company's n8n/webhook
 * integration pointed at a fake receiver, a conversation on a connection, a
 * customer message on it, and what the delivery log answers.
 */
import { randomBytes } from "node:crypto";
import type { IntegrationDeliveryDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { integrationDeliveries, queueIntegrations, whatsapps } from "../src/db/schema/index.js";
import { queueMessageDelivery } from "../src/integrations/deliveries/index.js";
import { encryptSecret } from "../src/secrets/index.js";
import { buildContact, buildMessage, buildTicket } from "./conversations.js";
import type { TestServer } from "./harness.js";

/** An n8n (or webhook) integration of the company posting to `url`; its signing secret in plain text beside it. */
export async function buildWebhookIntegration(
  s: TestServer,
  companyId: number,
  url: string,
  type: "n8n" | "webhook" = "n8n",
) {
  const secret = randomBytes(24).toString("hex");
  const name = `Fluxo ${randomBytes(3).toString("hex")}`;
  const [row] = await s.ctx.db
    .insert(queueIntegrations)
    .values({ companyId, type, name, projectName: name, urlN8N: url, signingSecret: encryptSecret(secret) })
    .returning();
  return { ...row!, secret };
}

/** A customer's conversation on a connection of the company, the ticket held by the integration. */
export async function heldConversation(s: TestServer, companyId: number, integrationId: number) {
  const [connection] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId, name: `Loja ${randomBytes(3).toString("hex")}`, provider: "cloud" })
    .returning();
  const contact = await buildContact(s, companyId, { name: "Marina Souza" });
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: connection!.id,
    status: "pending",
    chatbot: true,
    useIntegration: true,
    integrationId,
  });
  return { connection: connection!, contact, ticket };
}

type Conversation = Awaited<ReturnType<typeof heldConversation>>;

/** A customer message on the conversation, told to the integration as its turn would (queueMessageDelivery). */
export async function customerWrites(
  s: TestServer,
  c: Conversation,
  integrationId: number,
  fields: Parameters<typeof buildMessage>[2] = {},
) {
  const message = await buildMessage(s, c.ticket, { body: "Quero saber do meu pedido", ...fields });
  const input = { companyId: c.ticket.companyId, integrationId, ticketId: c.ticket.id, messageId: message.id };
  await s.ctx.events.transaction((t) => queueMessageDelivery(t, input));
  return message;
}

export async function deliveryRows(s: TestServer, integrationId: number) {
  return s.ctx.db
    .select()
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.integrationId, integrationId))
    .orderBy(integrationDeliveries.createdAt, integrationDeliveries.id);
}

export async function deliveryLog(s: TestServer, token: string, integrationId: number) {
  const res = await s.request({ path: `/queueIntegration/${integrationId}/deliveries`, token });
  return { status: res.statusCode, deliveries: res.json<{ deliveries: IntegrationDeliveryDto[] }>().deliveries };
}
