/**
 * How ingest finds a message's contact (issue 19, "one customer identity"):
 * by phone number, else by WhatsApp user id (the Cloud API's BSUID, WhatsApp
 * Web's "<digits>@lid"). A message that carries both joins them on the one
 * contact it finds: a phone contact gains the user id (and parent id,
 * username), a user-id-only contact gains the number. A new contact takes
 * the profile name, else "@username", else the number.
 *
 * The CTEs below are shared by the message statement (ingest-store.ts) and
 * the group participant's; they are text with named parameters so each
 * statement places them among its own.
 *
 * Races: the insert meets either unique index (number, user id) with ON
 * CONFLICT DO NOTHING, and the statement runs again to find the row another
 * delivery committed. A join (an UPDATE) may meet a row committed meanwhile
 * with the same number or user id: PostgreSQL refuses it (unique_violation)
 * and the statement runs again too (isIdentityRace). When a phone contact
 * and a separate user-id contact both exist already (one made before the
 * other id was known), the phone contact is the message's and keeps its own
 * user id; the two are not merged.
 */
import type { InboundPerson } from "../../channels/driver.js";

/** Placeholders of the contact's parameters in the statement using the CTEs. */
export interface ContactParams {
  company: string;
  connection: string;
  number: string;
  /** The name a new contact takes (contactName). */
  name: string;
  /** Whether WhatsApp gave a name (profile name, username): only then does it replace one we made up. */
  named: string;
  isGroup: string;
  userId: string;
  parentUserId: string;
  username: string;
  now: string;
  /** A condition the contact's writes also need (ingest-store.ts: not left for a transaction); none when omitted. */
  writes?: string;
}

/** The name of a new contact: the profile name, "@username", the number, or at worst the user id. */
export function contactName(person: InboundPerson): { name: string; named: boolean } {
  const given = person.name.trim() || (person.username ? `@${person.username}` : "");
  return { name: given || person.number || person.userId || "", named: given !== "" };
}

/** A name we made up rather than one someone typed: the number, "@username" or the user id. */
const madeUpName = (c: string) => `${c}.name in (${c}.number, '@' || ${c}.username, ${c}.user_id)`;

/**
 * CTEs: `existing` (id, is_group of the contact found), `inserted` (the new
 * row, all columns) and `joined` (the update that joins ids and renames).
 */
export function contactCtes(p: ContactParams): string {
  const userId = `${p.userId}::text`;
  const takesUserId = `${p.userId}::text is not null and not exists (select 1 from by_user)`;
  const writes = p.writes ?? "true";
  return `
by_number as (
  select id, is_group from contacts where company_id = ${p.company}::int and ${p.number}::text <> ''
    -- Said again of the column (it follows from the two beside it) so that a generic plan may use the
    -- partial unique index (number <> ''): without it the planner took the trigram index, ~2 ms a message.
    and number <> '' and number = ${p.number}::text
),
by_user as (
  select id, is_group from contacts where company_id = ${p.company}::int and user_id = ${userId}
),
existing as (
  select id, is_group from by_number
  union all select id, is_group from by_user where not exists (select 1 from by_number)
),
inserted as (
  insert into contacts (company_id, number, user_id, parent_user_id, username, name, is_group, whatsapp_id)
  select ${p.company}::int, ${p.number}::text, ${userId}, ${p.parentUserId}::text, ${p.username}::text,
    ${p.name}::text, ${p.isGroup}::boolean, ${p.connection}::int
  where not exists (select 1 from existing) and ${writes}
  on conflict do nothing
  returning *
),
-- Only when something changes, so a known contact's messages write no contact row. A name someone
-- typed stays (checked on the row itself, should someone type one meanwhile).
joined as (
  update contacts set
    number = case when contacts.number = '' then ${p.number}::text else contacts.number end,
    user_id = case when contacts.user_id is null and ${takesUserId} then ${userId} else contacts.user_id end,
    parent_user_id = coalesce(${p.parentUserId}::text, contacts.parent_user_id),
    username = coalesce(${p.username}::text, contacts.username),
    name = case when ${p.named}::boolean and ${madeUpName("contacts")} then ${p.name}::text else contacts.name end,
    updated_at = ${p.now}::timestamptz
  from existing
  where contacts.id = existing.id and ${writes} and (
    (contacts.number = '' and ${p.number}::text <> '')
    or (contacts.user_id is null and ${takesUserId})
    or (${p.parentUserId}::text is not null and contacts.parent_user_id is distinct from ${p.parentUserId}::text)
    or (${p.username}::text is not null and contacts.username is distinct from ${p.username}::text)
    or (${p.named}::boolean and ${madeUpName("contacts")} and contacts.name <> ${p.name}::text))
  returning contacts.*
)`;
}

/** A join that met a number or user id another delivery committed meanwhile: run the statement again. */
export function isIdentityRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return (
    e.code === "23505" &&
    (e.constraint === "contacts_company_number_uq" || e.constraint === "contacts_company_user_id_uq")
  );
}

/** The values of ContactParams for a person, in that order after company and connection. */
export function personValues(person: InboundPerson, isGroup: boolean) {
  const { name, named } = contactName(person);
  return {
    number: person.number,
    name,
    named,
    isGroup,
    userId: person.userId ?? null,
    parentUserId: person.parentUserId ?? null,
    username: person.username ?? null,
  };
}
