/**
 * A message ingest already stored, by the provider's id on its connection:
 * found (a repeated delivery, a call already logged) or changed (an edit, a
 * revoke). The unique (whatsapp_id, wid) index serves both.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import type { IngestConnection } from "./ingest-store.js";

/** The message when already stored (a repeated delivery): checked before downloading its media. */
export async function storedMessage(db: Db, connection: IngestConnection, wid: string) {
  const [row] = await db
    .select({ id: messages.id, mediaPath: messages.mediaPath })
    .from(messages)
    .where(
      and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid)),
    );
  return row;
}

/** The text an edit replaces, appended to details.edits (oldest first) as the column read before the update. */
const editsWith = (at: Date) => sql`jsonb_set(coalesce(${messages.details}, '{}'::jsonb), '{edits}',
  coalesce(${messages.details}->'edits', '[]'::jsonb)
  || jsonb_build_array(jsonb_build_object('body', ${messages.body}, 'editedAt', ${at.toISOString()}::text)))`;

/**
 * An edit replaces the original's body, the old text kept in its edit history; a revoke marks it
 * deleted, its text kept for the agents.
 */
export async function changeStored(
  db: Db,
  connection: IngestConnection,
  change: { wid: string; body?: string; revoked?: boolean; at?: Date },
) {
  const [row] = await db
    .update(messages)
    .set({
      ...(change.body !== undefined
        ? { body: change.body, isEdited: true, details: editsWith(change.at ?? new Date()) }
        : {}),
      ...(change.revoked ? { isDeleted: true } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        eq(messages.whatsappId, connection.id),
        eq(messages.wid, change.wid),
      ),
    )
    .returning({ id: messages.id, ticketId: messages.ticketId });
  return row;
}
