/**
 * The customer's answer to the rating question (issue 11 item 5;
 * automation/rating.ts has the rules), read by the answering job on the
 * closed ticket that asked it (ingest brings the reply there, not to a new
 * ticket): 1–3 is stored for the attendant the ticket was closed for
 * (user_ratings), recorded as rating.received (the timeline's "rated" row)
 * and ends the wait; anything else asks again, at most twice, then the wait
 * ends without a rating.
 */
import { eq } from "drizzle-orm";
import { tickets, userRatings, whatsapps } from "../db/schema/index.js";
import type { EventTransaction } from "../events/bus.js";
import { queueAutomatic } from "../modules/tickets/automatic-messages.js";
import { readRatingReply } from "./rating.js";

type TicketRow = typeof tickets.$inferSelect;

export async function rateTicket(t: EventTransaction, ticket: TicketRow, text: string): Promise<void> {
  const [connection] = ticket.whatsappId
    ? await t.db
        .select({ ratingMessage: whatsapps.ratingMessage })
        .from(whatsapps)
        .where(eq(whatsapps.id, ticket.whatsappId))
    : [];
  const reply = readRatingReply(ticket.ratingAsks, text, connection?.ratingMessage ?? "");
  const waitFor = (ratingAsks: number) => t.db.update(tickets).set({ ratingAsks }).where(eq(tickets.id, ticket.id));
  if (reply.kind === "askAgain") {
    await waitFor(reply.ratingAsks);
    return queueAutomatic(t, ticket, [reply.text]);
  }
  await waitFor(0);
  if (reply.kind === "closeWithoutRating") return;
  const { companyId, userId } = ticket;
  await t.db.insert(userRatings).values({ companyId, ticketId: ticket.id, userId, rate: reply.rate });
  t.record("rating.received", { companyId, ticketId: ticket.id, userId, rate: reply.rate });
}
