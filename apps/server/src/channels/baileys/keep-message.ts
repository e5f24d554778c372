/**
 * One message of a `messages.upsert` batch into the pipeline. Baileys never
 * delivers a message again, so one that cannot be read or stored is kept as
 * a notice naming the reason (a failed media download already leaves the
 * message without its file: ingest); only a message without a readable chat,
 * or whose notice cannot be stored either, is left to the log, by the caller.
 */
import type { Readable } from "node:stream";
import type { WAMessage } from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import type { InboundMessage } from "../driver.js";
import { inboundOf, noticeOf } from "./inbound.js";
import { isSecretUpdate, secretUpdateOf, type StoredRaw } from "./secret-updates.js";

export interface KeepOptions {
  download: (message: WAMessage) => Promise<Readable>;
  /** The group's name when the message is a group's. */
  groupSubject?: string;
  /** Older than the pairing: the phone's history, not a new conversation. */
  isHistory(timestamp: Date): boolean;
  store(inbound: InboundMessage): Promise<void>;
  /** An earlier message as stored, for what only its secret opens (votes, encrypted edits). */
  storedRaw: StoredRaw;
  /** Our own jids (phone and LID), the author of what was sent from the phone. */
  ownJids: string[];
  log: FastifyBaseLogger;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function keepMessage(message: WAMessage, options: KeepOptions): Promise<void> {
  const { groupSubject, log } = options;
  let inbound: InboundMessage | null;
  try {
    inbound = isSecretUpdate(message)
      ? await secretUpdateOf(message, { storedRaw: options.storedRaw, ownJids: options.ownJids, log }, groupSubject)
      : inboundOf(message, options.download, groupSubject);
  } catch (err) {
    inbound = noticeOf(message, reasonOf(err), groupSubject);
    if (!inbound) throw err;
    log.warn({ err, wid: message.key.id }, "WhatsApp Web message unreadable; kept as a notice");
  }
  if (!inbound || options.isHistory(inbound.timestamp)) return;
  try {
    await options.store(inbound);
  } catch (err) {
    const notice = inbound.mediaType === "unsupported" ? null : noticeOf(message, reasonOf(err), groupSubject);
    if (!notice) throw err;
    log.warn({ err, wid: message.key.id }, "WhatsApp Web message not stored; kept as a notice");
    await options.store(notice);
  }
}
