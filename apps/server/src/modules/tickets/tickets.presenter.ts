/**
 * The ticket as the spec's client reads it (core-platform §3 "Ticket"). Lists
 * pick a page of ids first and hydrate them here in two queries, so every
 * endpoint and realtime event carries the same shape.
 */
import type { TicketDto, TicketStatus } from "@balcao/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, queues, tags, tickets, ticketTags, users, whatsapps } from "../../db/schema/index.js";

export async function loadTickets(db: Db, companyId: number, ids: number[]): Promise<TicketDto[]> {
  if (ids.length === 0) return [];
  const [rows, tagRows] = await Promise.all([
    db
      .select({ ticket: tickets, contact: contacts, user: users, queue: queues, whatsapp: whatsapps })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(queues, eq(queues.id, tickets.queueId))
      .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids))),
    db
      .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(inArray(ticketTags.ticketId, ids))
      .orderBy(tags.name),
  ]);
  const tagsOf = new Map<number, TicketDto["tags"]>();
  for (const { ticketId, ...tag } of tagRows) tagsOf.set(ticketId, [...(tagsOf.get(ticketId) ?? []), tag]);
  const byId = new Map(
    rows.map(({ ticket: t, contact: c, user: u, queue: q, whatsapp: w }) => {
      const dto: TicketDto = {
        id: t.id,
        uuid: t.uuid,
        status: t.status as TicketStatus,
        userId: t.userId,
        user: u ? { id: u.id, name: u.name } : null,
        queueId: t.queueId,
        queue: q ? { id: q.id, name: q.name, color: q.color } : null,
        whatsappId: t.whatsappId,
        whatsapp: w ? { id: w.id, name: w.name, status: w.status } : null,
        contactId: t.contactId,
        contact: {
          id: c.id,
          name: c.name,
          number: c.number,
          email: c.email,
          profilePicUrl: c.profilePicUrl,
          urlPicture: c.profilePicUrl,
          isGroup: c.isGroup,
        },
        tags: tagsOf.get(t.id) ?? [],
        unreadMessages: t.unreadMessages,
        lastMessage: t.lastMessage,
        chatbot: t.chatbot,
        isGroup: t.isGroup,
        useIntegration: t.useIntegration,
        promptId: t.promptId,
        integrationId: t.integrationId,
        companyId: t.companyId,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
      };
      return [t.id, dto] as const;
    }),
  );
  // Keep the caller's order (a list page's sort).
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadTicket(db: Db, companyId: number, id: number): Promise<TicketDto | undefined> {
  const [ticket] = await loadTickets(db, companyId, [id]);
  return ticket;
}
