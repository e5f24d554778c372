/**
 * Renders a text for one ticket's customer: reads the ticket's contact, queue,
 * attendant and connection and the company's time zone, then hands them to
 * the renderer (message-variables.ts). One query for the ticket's names, one
 * for the zone, and none at all for a text without variables.
 *
 *   await renderForTicket(ctx.db, companyId, ticketId, "{{ms}}, {{firstName}}")
 *   await renderForTicket(db, companyId, ticketId, quickReply, { userId: agentId })
 *
 * `userId` names the attendant for {{userName}} when it is not (yet) the
 * ticket's: the agent sending, or the one closing a ticket nobody held.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { contacts, queues, tickets, users, whatsapps } from "../db/schema/index.js";
import { settingValue } from "../modules/settings/settings.queries.js";
import { hasMessageVariables, renderMessage, type MessageVariableInput } from "./message-variables.js";

/** What the variables of this ticket read now; undefined for a ticket not of the company. */
export async function ticketVariables(
  db: Db,
  companyId: number,
  ticketId: number,
  options: { userId?: number | null; now?: Date } = {},
): Promise<MessageVariableInput | undefined> {
  const [row] = await db
    .select({
      contactName: contacts.name,
      queueName: queues.name,
      userName: users.name,
      connectionName: whatsapps.name,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) return undefined;
  const userName = options.userId ? await agentName(db, companyId, options.userId) : row.userName;
  return {
    ...row,
    userName,
    ticketId,
    timeZone: await settingValue(db, companyId, "timezone"),
    now: options.now ?? new Date(),
  };
}

async function agentName(db: Db, companyId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return row?.name ?? null;
}

/** The text as the ticket's customer will read it (unchanged for a ticket not of the company). */
export async function renderForTicket(
  db: Db,
  companyId: number,
  ticketId: number,
  text: string,
  options: { userId?: number | null; now?: Date } = {},
): Promise<string> {
  if (!hasMessageVariables(text)) return text;
  const input = await ticketVariables(db, companyId, ticketId, options);
  return input ? renderMessage(text, input) : text;
}
