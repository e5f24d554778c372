/**
 * WhatsApp Web as the driver reaches it: sockets, and media downloads from
 * WhatsApp's media servers. Production uses Baileys' own; tests and the e2e
 * server hand in a WhatsApp Web they drive (they emit real Baileys events
 * with real proto objects on `ev` and read what the driver passed to
 * `sendMessage`), so nothing under test reaches WhatsApp.
 */
import makeWASocket, {
  downloadMediaMessage,
  type UserFacingSocketConfig,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type { Readable } from "node:stream";

type RealSocket = ReturnType<typeof makeWASocket>;

/** The part of a Baileys socket the driver uses. */
export type BaileysSocket = Pick<
  RealSocket,
  | "ev"
  | "sendMessage"
  | "readMessages"
  | "onWhatsApp"
  | "logout"
  | "end"
  | "user"
  | "updateMediaMessage"
  | "rejectCall"
  | "groupMetadata"
  | "signalRepository"
>;

export interface WhatsAppWeb {
  connect(config: UserFacingSocketConfig): BaileysSocket;
  /**
   * A message's file as it is fetched and decrypted; the reader caps how much
   * it takes. A file WhatsApp's servers no longer hold fails: the session asks
   * the phone to upload it again (the socket's `updateMediaMessage`) and retries.
   */
  download(message: WAMessage): Promise<Readable>;
}

export const baileysWhatsAppWeb: WhatsAppWeb = {
  connect: (config) => makeWASocket(config),
  // Without Baileys' own re-upload: rc14 asks for one only on an error `status` its own fetch never sets.
  download: (message) => downloadMediaMessage(message, "stream", {}),
};
