/**
 * The part of a Baileys socket the driver uses. The driver is given a factory
 * (Baileys' own makeWASocket in production) so tests can hand it a socket they
 * drive: they emit real Baileys events with real proto objects on `ev` and
 * read what the driver passed to `sendMessage`.
 */
import makeWASocket, { type UserFacingSocketConfig } from "@whiskeysockets/baileys";

type RealSocket = ReturnType<typeof makeWASocket>;

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
>;

export type SocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;

export const makeBaileysSocket: SocketFactory = (config) => makeWASocket(config);
