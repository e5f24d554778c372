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
import type { FastifyBaseLogger } from "fastify";

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
   * A message's file as it is fetched and decrypted (asking the phone to
   * upload it again when it expired); the reader caps how much it takes.
   */
  download(message: WAMessage, socket: BaileysSocket, logger: FastifyBaseLogger): Promise<Readable>;
}

export const baileysWhatsAppWeb: WhatsAppWeb = {
  connect: (config) => makeWASocket(config),
  download: (message, socket, logger) =>
    downloadMediaMessage(message, "stream", {}, { logger, reuploadRequest: socket.updateMediaMessage }),
};
