/**
 * The linked phone's address book, as WhatsApp Web shares it: contacts
 * arrive with the history sync and with contact updates, and the ones the
 * phone's owner saved carry a `name`. Kept with the session (meta
 * "phone-book") for POST /contacts/import.
 */
import { jidDecode, type Contact } from "@whiskeysockets/baileys";
import type { PhoneContact } from "../driver.js";

/** Number → saved name. */
export type PhoneBook = Record<string, string>;

/** Merges saved contacts into the book; true when something changed. */
export function mergePhoneBook(book: PhoneBook, contacts: Partial<Contact>[]): boolean {
  let changed = false;
  for (const contact of contacts) {
    const number = phoneNumberOf(contact);
    const name = contact.name?.trim();
    if (!number || !name || book[number] === name) continue;
    book[number] = name;
    changed = true;
  }
  return changed;
}

export function phoneBookEntries(book: PhoneBook): PhoneContact[] {
  return Object.entries(book).map(([number, name]) => ({ number, name }));
}

/** A person's phone number jid (not a group, not a LID without its number). */
function phoneNumberOf(contact: Partial<Contact>): string | undefined {
  for (const jid of [contact.phoneNumber, contact.id]) {
    const decoded = jid ? jidDecode(jid) : undefined;
    if (decoded?.server === "s.whatsapp.net" && /^\d+$/.test(decoded.user)) return decoded.user;
  }
  return undefined;
}
