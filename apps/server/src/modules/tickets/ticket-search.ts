/**
 * How a ticket list runs a text search (name, number by its digits, or any
 * message text, ignoring case). Two ways answer the same question at very
 * different costs:
 *
 * - gather every match through the pg_trgm indexes, then sort them: cheap
 *   when the text is rare, ruinous for a common word (a word in 1 of 8
 *   messages hands the index 125k rows to check);
 * - walk the tickets newest first, testing each one's contact and messages,
 *   and stop at the page's end: cheap when many tickets match, ruinous when
 *   few do.
 *
 * The choice reads PostgreSQL's own column statistics (pg_stats: the most
 * common values and the histogram sample of messages.body and contacts.name),
 * the same sample the planner estimates LIKE with. It also picks which word
 * of the text the trigram index should look up: the index reads the whole
 * posting list of every trigram it is given, so "protocolo 123456" is looked
 * up by "123456" alone (a common word's trigrams cost more than the rare
 * one saves), and every match is then checked against the whole text.
 */
import { contactDigits } from "@balcao/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { containsPattern, usernameOf } from "../../db/search.js";
import { shareContaining, type ColumnStats, type SearchStats } from "./search-stats.js";

/**
 * At this share of messages or contact names (one in a hundred: one value of
 * PostgreSQL's default 100-value sample), enough tickets match for the walk
 * to fill a page within a few hundred tickets.
 */
export const walkShare = 0.01;

export interface SearchPlan {
  /** The text, lower-cased: a ticket matches when its contact's name or a message contains it. */
  text: string;
  /** The text's longest run of ASCII characters (all of it, for ASCII text). */
  asciiPart: string;
  /** The text's digits when it looks like a phone number (numbers are stored as digits). */
  digits: string;
  /** The text as a WhatsApp username (one word, without "@"), or "" when it cannot be one. */
  username: string;
  /** The LIKE pattern the trigram indexes look up (one word of the text), per table. */
  bodyLookup: string;
  nameLookup: string;
  /** Walk the tickets newest first instead of gathering every match. */
  walk: boolean;
  /** No word of 3 letters or digits: the trigram indexes cannot look it up, so the walk goes all the way. */
  unindexed: boolean;
  /** Many contacts' names hold the text: the walk tests each ticket's contact instead of gathering them. */
  commonName: boolean;
}

/** Words of the text with a trigram to look up (3 letters or digits). */
function lookupWords(text: string): string[] {
  return text.split(/\s+/).filter((w) => (w.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3);
}

/** The rarest word (by the statistics; the longest on ties), or the whole text when nothing tells them apart. */
function rarestWord(stats: ColumnStats | undefined, text: string, words: string[]): string {
  if (words.length === 1) return words[0]!;
  if (!stats || words.length === 0) return text;
  const ranked = words
    .map((w) => ({ w, share: shareContaining(stats, w) ?? 0 }))
    .sort((a, b) => a.share - b.share || b.w.length - a.w.length);
  return ranked[0]!.w;
}

export function planSearch(stats: SearchStats, searchParam: string): SearchPlan | undefined {
  const text = searchParam.trim().toLowerCase();
  if (!text) return undefined;
  const words = lookupWords(text);
  const commonName = (shareContaining(stats.name, text) ?? 0) >= walkShare;
  return {
    text,
    asciiPart: (text.match(/[\x20-\x7e]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), ""),
    digits: /^[\d\s()+.-]+$/.test(text) ? contactDigits(text) : "",
    username: usernameOf(text),
    bodyLookup: containsPattern(rarestWord(stats.body, text, words)),
    nameLookup: containsPattern(rarestWord(stats.name, text, words)),
    // Without a word to look up, a trigram index would read all of itself: a text that short is walked.
    walk: words.length === 0 || commonName || (shareContaining(stats.body, text) ?? 0) >= walkShare,
    unindexed: words.length === 0,
    commonName,
  };
}

/**
 * "Contains the text, ignoring case", in a form no trigram index takes up
 * (they look up one word). Lower-casing by the C collation (ASCII letters
 * only) costs a fraction of the Unicode one the database's collation does,
 * and gives the same answer for ASCII text (but for the exotic letters whose
 * lower case is ASCII: the Kelvin sign, the Turkish dotted İ); other text is
 * lower-cased in full, once the ASCII part of it has been found that way.
 */
function holds(column: SQL, search: SearchPlan): SQL {
  const asciiLower = (part: string) => sql`strpos(lower(${column} collate "C"), ${part}) > 0`;
  if (search.asciiPart === search.text) return asciiLower(search.text);
  const unicode = sql`strpos(lower(${column}), lower(${search.text})) > 0`;
  return search.asciiPart ? sql`(${asciiLower(search.asciiPart)} and ${unicode})` : unicode;
}

/** The contact's number (by its digits) or WhatsApp username, beside its name. */
function numberMatch(search: SearchPlan): SQL {
  const number = search.digits ? sql` or ct.number like ${containsPattern(search.digits)}` : sql``;
  const username = search.username ? sql` or lower(ct.username) like ${containsPattern(search.username)}` : sql``;
  return sql`${number}${username}`;
}

/** The company's tickets whose contact matches: name (its trigram index, by one word) or number. */
function contactsTickets(companyId: number, search: SearchPlan): SQL {
  return sql`select t2.id from tickets t2 where t2.company_id = ${companyId} and t2.contact_id in (
      select ct.id from contacts ct where ct.company_id = ${companyId}
        and ((lower(ct.name) like ${search.nameLookup} and ${holds(sql`ct.name`, search)})${numberMatch(search)}))`;
}

/** Every matching ticket's id: gathered through the trigram indexes of contacts and messages. */
export function matchingTicketIds(companyId: number, search: SearchPlan): SQL {
  return sql`${contactsTickets(companyId, search)}
    union
    select m.ticket_id from messages m
    where m.company_id = ${companyId} and m.body ilike ${search.bodyLookup} and ${holds(sql`m.body`, search)}`;
}

/**
 * The walk's test of one ticket `c` (its id and contact_id): its contact
 * (looked up per ticket when the name is common, else gathered once), then
 * its messages through messages_ticket_id_idx. OFFSET 0 keeps the messages
 * test a per-ticket probe: the planner would otherwise hash every match, the
 * very work the walk is there to avoid.
 */
export function walkTest(companyId: number, search: SearchPlan, c: SQL | PgTable): SQL {
  const contact = search.commonName
    ? sql`exists (select 1 from contacts ct where ct.id = ${c}.contact_id
        and (${holds(sql`ct.name`, search)}${numberMatch(search)}) offset 0)`
    : sql`${c}.id in (${contactsTickets(companyId, search)})`;
  return sql`(${contact}
    or exists (select 1 from messages m where m.ticket_id = ${c}.id and ${holds(sql`m.body`, search)} offset 0))`;
}
