/**
 * WhatsApp Web names more and more chats by LID; Baileys tells the number
 * behind one later (its "lid-mapping.update" event). The contact known by
 * that LID only gains the number; a contact with that number and no user id
 * gains the LID. Should both exist already (each made before the other id was
 * known), they stay as they are: the number's contact is the one messages
 * with both ids find (ingest-contact.ts).
 */
import { sql } from "drizzle-orm";
import type { IdentityUpdate } from "../../channels/driver.js";
import type { Db } from "../../db/client.js";
import type { IngestConnection } from "./ingest-store.js";
import { isIdentityRace } from "./ingest-contact.js";

export async function learnNumber(db: Db, connection: IngestConnection, update: IdentityUpdate): Promise<void> {
  const number = update.number.replace(/\D/g, "");
  if (!number || !update.userId) return;
  const company = connection.companyId;
  try {
    await db.execute(sql`
      with by_number as (select id, user_id from contacts where company_id = ${company} and number = ${number}),
      by_user as (select id, number from contacts where company_id = ${company} and user_id = ${update.userId}),
      numbered as (
        -- A name we made up from the LID gives way to the number.
        update contacts set number = ${number}, updated_at = now(),
          name = case when name = user_id then ${number} else name end
        where id = (select id from by_user) and number = '' and not exists (select 1 from by_number)
      )
      update contacts set user_id = ${update.userId}, updated_at = now()
      where id = (select id from by_number) and user_id is null and not exists (select 1 from by_user)`);
  } catch (err) {
    // A delivery with both ids joined them meanwhile: nothing left to learn.
    if (!isIdentityRace(err)) throw err;
  }
}
