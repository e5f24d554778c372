/**
 * The kanban tests' scene (modules/kanban): a ticket company with two lanes and
 * a plain tag, tickets made on demand, and the one-step move as the board calls it.
 */
import type { TicketDto } from "@balcao/contracts";
import { expect } from "vitest";
import type { tickets } from "../src/db/schema/index.js";
import { buildContact, buildTicket } from "./conversations.js";
import type { TestServer } from "./harness.js";
import { ticketCompany } from "./tickets.js";

export type Card = Pick<TicketDto, "id" | "status"> & { tags: { id: number }[] };

async function newTag(s: TestServer, token: string, name: string, kanban: 0 | 1) {
  const res = await s.request({ method: "POST", path: "/tags", token, body: { name, color: "#336699", kanban } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>();
}

/** A ticket company with two lanes, a plain tag, and a ticket of a new contact per call of `ticket`. */
export async function kanbanBoard(s: TestServer) {
  const c = await ticketCompany(s);
  const admin = c.t.admin.token;
  const lanes = { todo: await newTag(s, admin, "A fazer", 1), done: await newTag(s, admin, "Feito", 1) };
  const plain = await newTag(s, admin, "Vip", 0);
  const ticket = async (fields: Partial<typeof tickets.$inferInsert> = {}, tagIds: number[] = []) => {
    const contact = await buildContact(s, c.companyId);
    const base = { companyId: c.companyId, contactId: contact.id, whatsappId: c.wa.id, queueId: c.queue.id };
    return buildTicket(s, { ...base, status: "pending", ...fields }, tagIds);
  };
  return { ...c, admin, lanes, plain, ticket };
}

export const moveCard = (s: TestServer, token: string, ticketId: number, tagId: number | string) =>
  s.request({ method: "POST", path: `/ticket/kanban/${ticketId}/move`, token, body: { tagId } });
