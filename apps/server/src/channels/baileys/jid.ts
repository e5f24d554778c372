/**
 * WhatsApp Web addresses (jids) ↔ the digits the pipeline keys contacts by.
 * Baileys 7 may address a person by a LID ("…@lid", an id that hides the
 * number) and give the phone-number jid beside it (key.remoteJidAlt /
 * participantAlt, a call's callerPn); the contact is the number when one of
 * them has it, and keeps the LID as its user id. A group keeps its own id, as WhatsApp writes it
 * ("120363…" or the older "5511…-1600000000"), so a reply can address it again.
 */
import { jidDecode } from "@whiskeysockets/baileys";
import { ChannelError, type OutboundTarget } from "../driver.js";

const phoneServers = new Set(["s.whatsapp.net", "c.us", "hosted"]);

export const isGroupJid = (jid: string | null | undefined): boolean => Boolean(jid?.endsWith("@g.us"));

/**
 * Chats that are not a customer's conversation: status updates (status@broadcast),
 * broadcast lists (…@broadcast, delivered to each recipient's own chat as well),
 * channels (…@newsletter), Meta AI and other bots.
 */
export function isSkippedJid(jid: string | null | undefined): boolean {
  if (!jid) return true;
  const server = jidDecode(jid)?.server;
  return !server || server === "broadcast" || server === "newsletter" || server === "bot";
}

/**
 * A person as the contact keeps them, from the jid and its alternative (either
 * may be the LID): the number's digits ("" when neither is a phone jid: the
 * chat is known by its LID only) and the LID as "<digits>@lid", so it never
 * reads as a number or a Cloud API user id. The driver fills the alternative
 * from Baileys' LID mapping beforehand when it knows the number.
 */
export function personOf(jid: string | null | undefined, alt?: string | null): { number: string; userId?: string } {
  const decoded = [jid, alt].map((j) => (j ? jidDecode(j) : undefined));
  const phone = decoded.find((d) => d && phoneServers.has(d.server));
  const lid = decoded.find((d) => d?.server === "lid");
  const number = phone?.user.replace(/\D/g, "") ?? "";
  return lid ? { number, userId: `${lid.user}@lid` } : { number };
}

/** The phone number of a person, digits only; "" when only their LID is known. */
export function personDigits(jid: string | null | undefined, alt?: string | null): string {
  return personOf(jid, alt).number;
}

/** A group's id as the contact keeps it: what precedes "@g.us". */
export function groupId(jid: string): string {
  return jid.slice(0, jid.indexOf("@"));
}

/** A chat: the customer's number and LID, or the group's id. */
export function chatOf(jid: string, alt?: string | null): { number: string; userId?: string } {
  return isGroupJid(jid) ? { number: groupId(jid) } : personOf(jid, alt);
}

/**
 * Where a message to a stored contact goes: the group, the number, or for a
 * customer known by LID only the LID jid. A Cloud API user id (a BSUID) means
 * nothing to WhatsApp Web.
 */
export function chatJid(target: OutboundTarget): string {
  if (target.isGroup) return `${target.chatNumber}@g.us`;
  const digits = target.chatNumber.replace(/\D/g, "");
  if (digits) return `${digits}@s.whatsapp.net`;
  if (target.userId?.endsWith("@lid")) return target.userId;
  throw new ChannelError("ERR_WAPP_INVALID_CONTACT", "the contact has no number and no WhatsApp Web LID");
}

/** A group member's jid from how the contact keeps them: digits, or a LID already written "<digits>@lid". */
export const memberJid = (address: string): string =>
  address.endsWith("@lid") ? address : `${address}@s.whatsapp.net`;
