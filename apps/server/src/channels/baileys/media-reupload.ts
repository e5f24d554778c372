/**
 * WhatsApp's media servers keep a file for a while only; after that only the
 * sender's phone has it. A download that fails asks the phone once to upload
 * the file again (Baileys' media retry request) and downloads the new copy.
 */
import type { Readable } from "node:stream";
import type { WAMessage } from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import type { BaileysSocket, WhatsAppWeb } from "./socket.js";

/** Baileys waits for the phone's answer without end; an offline phone must not hold the session's queue. */
export const REUPLOAD_TIMEOUT_MS = 30_000;

export function reuploadingDownload(
  whatsappWeb: WhatsAppWeb,
  socket: BaileysSocket,
  log: FastifyBaseLogger,
): (message: WAMessage) => Promise<Readable> {
  return async (message) => {
    try {
      return await whatsappWeb.download(message);
    } catch (err) {
      log.info({ err, wid: message.key.id }, "media download failed; asking the phone to upload it again");
      return whatsappWeb.download(await withinTime(socket.updateMediaMessage(message), REUPLOAD_TIMEOUT_MS));
    }
  };
}

async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the phone in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
