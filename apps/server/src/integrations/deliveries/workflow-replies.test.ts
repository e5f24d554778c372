/**
 * An n8n or webhook workflow answers the customer through the external
 * messages API (POST {host}/api/messages/send with the connection's token;
 * issue 17 item 6): the reply lands on the ticket the integration holds and
 * the hold goes on (status, useIntegration, integrationId and chatbot as they
 * were), so the customer's next message goes to the workflow again.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { externalApiFile, newNumber } from "../../../test/external-api.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { buildWebhookIntegration } from "../../../test/webhook-deliveries.js";
import { tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
const { apiConnection, sendJson, sentTo, messagesOf } = externalApiFile((started) => ({ s, fake } = started));

describe("a workflow's reply through the external API", () => {
  it("lands on the held ticket and does not end the hold", async () => {
    const { companyId, connection, token } = await apiConnection();
    const integration = await buildWebhookIntegration(s, companyId, "http://127.0.0.1:9/webhook");
    const number = newNumber();
    const contact = await buildContact(s, companyId, { number, name: "Rita Lopes" });
    const held = await buildTicket(s, {
      companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      status: "pending",
      chatbot: true,
      useIntegration: true,
      integrationId: integration.id,
    });

    const res = await sendJson(token, { number, body: "Seu pedido 123 saiu para entrega." });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "SUCCESS", ticketId: held.id });
    expect(sentTo(number).map((x) => x.body)).toMatchObject([
      { type: "text", text: { body: "Seu pedido 123 saiu para entrega." } },
    ]);
    expect(await messagesOf(held.id)).toMatchObject([
      { fromMe: true, userId: null, body: "Seu pedido 123 saiu para entrega." },
    ]);
    // Whatever the send set going afterwards (its subscribers, the jobs they queued) has had its time.
    await new Promise((r) => setTimeout(r, 1500));
    const [after] = await s.ctx.db.select().from(tickets).where(eq(tickets.id, held.id));
    expect(after).toMatchObject({
      status: "pending",
      userId: null,
      chatbot: true,
      useIntegration: true,
      integrationId: integration.id,
    });
    expect(fake.sent.filter((x) => x.to === number)).toHaveLength(1);
  });
});
