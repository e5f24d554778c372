/**
 * WhatsApp Web addresses (jids) ↔ the digits the pipeline keys contacts by.
 * Baileys 7 may address a person by a LID ("…@lid", an id that hides the
 * number) and give the phone-number jid beside it (key.remoteJidAlt /
 * participantAlt, a call's callerPn); the contact is always the number when
 * one of them has it. A group keeps its own id, as WhatsApp writes it
 * ("120363…" or the older "5511…-1600000000"), so a reply can address it again.
 */
import { jidDecode } from "@whiskeysockets/baileys";
import type { OutboundTarget } from "../driver.js";

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
 * The phone number of a person, from the jid and its alternative (either may be the
 * LID): digits only. Without any phone jid the LID's own digits stand in (Baileys
 * left the mapping out), so the message is not lost; the driver can fill the alt
 * from its LID mapping beforehand.
 */
export function personDigits(jid: string | null | undefined, alt?: string | null): string {
  const decoded = [jid, alt].map((j) => (j ? jidDecode(j) : undefined));
  const phone = decoded.find((d) => d && phoneServers.has(d.server));
  return (phone ?? decoded.find(Boolean))?.user.replace(/\D/g, "") ?? "";
}

/** A group's id as the contact keeps it: what precedes "@g.us". */
export function groupId(jid: string): string {
  return jid.slice(0, jid.indexOf("@"));
}

/** Digits of a chat: the customer's number, or the group's id. */
export function chatDigits(jid: string, alt?: string | null): string {
  return isGroupJid(jid) ? groupId(jid) : personDigits(jid, alt);
}

/** Where a message to a stored contact goes. */
export function chatJid(target: OutboundTarget): string {
  return target.isGroup ? `${target.chatNumber}@g.us` : `${target.chatNumber.replace(/\D/g, "")}@s.whatsapp.net`;
}
