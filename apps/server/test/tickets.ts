/** A company set up for the ticket route tests, and the ticket as stored. */
import { eq } from "drizzle-orm";
import { tickets } from "../src/db/schema/index.js";
import { buildWhatsapp } from "./connections.js";
import { buildContact, buildTicket } from "./conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "./factories.js";
import type { TestServer } from "./harness.js";

/**
 * Two queues (Vendas, Suporte), an agent of Vendas and a colleague of both
 * (logged in), a default connection and a contact.
 */
export async function ticketCompany(s: TestServer) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const queue = await buildQueue(s, companyId, { name: "Vendas" });
  const other = await buildQueue(s, companyId, { name: "Suporte" });
  const agent = await buildUser(s, { companyId, queueIds: [queue.id], name: "Ana" });
  const colleague = await buildUser(s, { companyId, queueIds: [queue.id, other.id], name: "Bruno" });
  const wa = await buildWhatsapp(s, companyId, { isDefault: true });
  const contact = await buildContact(s, companyId, { name: "Cliente" });
  return {
    t,
    companyId,
    queue,
    other,
    wa,
    contact,
    agent: { ...agent, token: (await login(s, agent.email)).token },
    colleague: { ...colleague, token: (await login(s, colleague.email)).token },
  };
}
export type TicketCompany = Awaited<ReturnType<typeof ticketCompany>>;

/** A pending ticket of the company's contact in Vendas on its default connection. */
export function pendingTicket(s: TestServer, c: TicketCompany, fields: Partial<typeof tickets.$inferInsert> = {}) {
  return buildTicket(s, {
    companyId: c.companyId,
    contactId: c.contact.id,
    whatsappId: c.wa.id,
    queueId: c.queue.id,
    status: "pending",
    ...fields,
  });
}

export const ticketRow = async (s: TestServer, id: number) =>
  (await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, id) }))!;
