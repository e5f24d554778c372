/**
 * WhatsApp names more and more chats by LID (…@lid) instead of the phone
 * number. Baileys usually puts the number beside it (remoteJidAlt,
 * participantAlt); when it does not, its LID store may know it. Without a
 * number the contact would be keyed by the LID's digits, a second contact
 * for the same customer.
 */
import type { WAMessage } from "@whiskeysockets/baileys";
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
