/**
 * A customer changed their WhatsApp number (a notice whose details say
 * numberChange, from, to): before the notice is stored, the contact with the
 * old number takes the new one, so the notice and every later message from
 * the new number land on the same contact and its open ticket.
 *
 * When another contact already has the new number, both are kept (they may
 * hold different histories, tickets and names an agent typed; merging them is
 * a person's call): the notice goes to the old contact's ticket as
 * "numberChangeKept", and the log says so.
 *
 * Idempotent, so a repeated delivery changes nothing: once moved, the old
 * number has no contact and the notice is stored (once) on the new one.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { InboundMessage } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contacts } from "../../db/schema/index.js";
import type { IngestConnection } from "./ingest-store.js";

type Move = "moved" | "noOldContact" | "numberTaken";

const isUniqueViolation = (err: unknown) => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === "23505";
};

async function moveContact(db: Db, companyId: number, from: string, to: string): Promise<Move> {
  const known = await db
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, [from, to])));
  const old = known.find((c) => c.number === from);
  if (!old) return "noOldContact";
  if (known.some((c) => c.number === to)) return "numberTaken";
  try {
    await db
      .update(contacts)
      .set({
        number: to,
        // A contact named by its number is named by the new one (it still takes WhatsApp's profile name later).
        name: sql`case when ${contacts.name} = ${contacts.number} then ${to} else ${contacts.name} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(contacts.id, old.id), eq(contacts.number, from)));
    return "moved";
  } catch (err) {
    // A message from the new number made its contact meanwhile.
    if (isUniqueViolation(err)) return "numberTaken";
    throw err;
  }
}

/** The notice to store: on the contact that now has the new number, or kept on the old one (numberChangeKept). */
export async function applyNumberChange(
  ctx: Context,
  connection: IngestConnection,
  inbound: InboundMessage,
): Promise<InboundMessage> {
  const notice = inbound.details?.notice;
  if (notice?.kind !== "numberChange" || inbound.isGroup || inbound.fromMe) return inbound;
  const { from, to } = notice;
  if (!from || !to || from === to) return inbound;
  const move = await moveContact(ctx.db, connection.companyId, from, to);
  // A contact made from the notice is named by its number until WhatsApp gives a profile name.
  if (move !== "numberTaken")
    return { ...inbound, chatNumber: to, chatName: inbound.chatName === from ? to : inbound.chatName };
  ctx.log.warn(
    { companyId: connection.companyId, from, to, wid: inbound.wid },
    "a customer changed number to one another contact has: both contacts kept, the notice is on the old one",
  );
  return { ...inbound, details: { ...inbound.details, notice: { ...notice, kind: "numberChangeKept" } } };
}
