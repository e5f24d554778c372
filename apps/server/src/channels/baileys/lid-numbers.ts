/**
 * WhatsApp names more and more chats by LID (…@lid) instead of the phone
 * number. Baileys usually puts the number beside it (remoteJidAlt,
 * participantAlt); when it does not, its LID store may know it. Without a
 * number the chat is a contact known by its LID alone until Baileys learns
 * the number (lid-mapping.update): that contact then gains it (identityOf).
 */
import type { BaileysEventMap, WAMessage } from "@whiskeysockets/baileys";
import type { IdentityUpdate } from "../driver.js";
import { personOf } from "./jid.js";
import type { BaileysSocket } from "./socket.js";

export async function withPhoneNumbers(socket: BaileysSocket, message: WAMessage): Promise<void> {
  const { key } = message;
  key.remoteJidAlt ??= await numberOf(socket, key.remoteJid);
  key.participantAlt ??= await numberOf(socket, key.participant);
}

async function numberOf(socket: BaileysSocket, jid: string | null | undefined): Promise<string | undefined> {
  if (!jid?.endsWith("@lid")) return undefined;
  const pn = await socket.signalRepository.lidMapping.getPNForLID(jid).catch(() => null);
  return pn ?? undefined;
}

/** Baileys' LID ↔ number mapping as the pipeline's IdentityUpdate (empty parts when either is not what it says). */
export function identityOf(mapping: BaileysEventMap["lid-mapping.update"]): IdentityUpdate {
  const person = personOf(mapping.lid, mapping.pn);
  return { userId: person.userId ?? "", number: person.number };
}
