import { contactDigits, contactLimits, defaultTimeZone, lookupListMax, type ContactListQuery } from "@balcao/contracts";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts, settings } from "../../db/schema/index.js";
import { containsPattern, usernameOf } from "../../db/search.js";

export type ContactFilter = Pick<ContactListQuery, "searchParam" | "date" | "dateStart" | "dateEnd">;

export function findContact(db: Db, companyId: number, id: number) {
  return db.query.contacts.findFirst({ where: and(eq(contacts.id, id), eq(contacts.companyId, companyId)) });
}

export function extraInfoOf(db: Db, contactId: number) {
  return db
    .select({ id: contactCustomFields.id, name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields)
    .where(eq(contactCustomFields.contactId, contactId))
    .orderBy(asc(contactCustomFields.id));
}

/** Midnight of a day in the company's time zone (the timezone setting), as a timestamptz. */
export function companyMidnight(companyId: number, day: string, plusDays = 0): SQL {
  const tz = sql`coalesce((select ${settings.value} from ${settings} where ${settings.companyId} = ${companyId} and ${settings.key} = 'timezone'), ${defaultTimeZone})`;
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${tz})`;
}

/** searchParam over name, email, number (by its digits) and WhatsApp username; date filters on the creation day. */
export function contactsWhere(companyId: number, filter: ContactFilter): SQL {
  const conditions: SQL[] = [eq(contacts.companyId, companyId)];
  const search = filter.searchParam.trim();
  if (search) {
    const pattern = containsPattern(search);
    const digits = contactDigits(search);
    const matches = [ilike(contacts.name, pattern), ilike(contacts.email, pattern)];
    if (digits) matches.push(sql`${contacts.number} like ${containsPattern(digits)}`);
    const username = usernameOf(search.toLowerCase());
    if (username) matches.push(sql`lower(${contacts.username}) like ${containsPattern(username)}`);
    conditions.push(or(...matches)!);
  }
  const from = filter.date ?? filter.dateStart;
  const to = filter.date ?? filter.dateEnd;
  if (from) conditions.push(sql`${contacts.createdAt} >= ${companyMidnight(companyId, from)}`);
  if (to) conditions.push(sql`${contacts.createdAt} < ${companyMidnight(companyId, to, 1)}`);
  return and(...conditions)!;
}

/** One page of the contacts page, by name, with the total count of matches. */
export async function pageOfContacts(db: Db, companyId: number, filter: ContactFilter, pageNumber: number) {
  const where = contactsWhere(companyId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(contactLimits.pageSize)
      .offset((pageNumber - 1) * contactLimits.pageSize),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** [{id, name}] of the contacts matching the search, by name, at most lookupListMax (the schedule contact autocomplete). */
export function contactNames(db: Db, companyId: number, searchParam: string) {
  return db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(contactsWhere(companyId, { searchParam }))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(lookupListMax);
}

/**
 * Every contact matching the filter, by name, a chunk at a time (keyset on
 * name and id), so an export of any size holds one chunk in memory.
 */
export async function* contactsInChunks(db: Db, companyId: number, filter: ContactFilter, chunk = 2000) {
  const where = contactsWhere(companyId, filter);
  let last: { name: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
      .from(contacts)
      .where(last ? and(where, sql`(${contacts.name}, ${contacts.id}) > (${last.name}, ${last.id})`) : where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    last = rows.at(-1)!;
  }
}
