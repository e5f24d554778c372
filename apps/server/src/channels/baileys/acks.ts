/** WhatsApp Web's `messages.update` and `message-receipt.update` → the pipeline's AckUpdate. */
import type { Ack } from "@balcao/contracts";
import { proto, type MessageUserReceiptUpdate, type WAMessageUpdate } from "@whiskeysockets/baileys";
import type { AckUpdate } from "../driver.js";

const Status = proto.WebMessageInfo.Status;

/**
 * `messages.update` → acks of our own messages: WhatsApp's status numbers are
 * the spec's acks (1 pending … 5 played); ERROR is a refused send, reported
 * with WhatsApp's error code. Other updates (edits, revokes, stubs) are not acks:
 * edits and revokes arrive as messages too and go through `inboundOf`.
 */
export function acksOf(updates: WAMessageUpdate[]): AckUpdate[] {
  return updates.flatMap(({ key, update }): AckUpdate[] => {
    const status = update.status;
    if (!key.fromMe || !key.id || status === null || status === undefined) return [];
    if (status === Status.ERROR) {
      // Baileys puts the server's error code first among the stub parameters.
      const code: unknown = (update.messageStubParameters as unknown[] | undefined)?.[0];
      const error = typeof code === "string" || typeof code === "number" ? `WhatsApp error ${code}` : "WhatsApp error";
      return [{ wid: key.id, ack: 1, error }];
    }
    return status >= Status.PENDING && status <= Status.PLAYED ? [{ wid: key.id, ack: status }] : [];
  });
}

/**
 * `message-receipt.update`: in groups (and broadcasts) WhatsApp reports each
 * participant's receipt instead of a status. The message takes the highest any
 * participant reached (acks only rise), as the phone's single ticks do.
 */
export function receiptAcksOf(updates: MessageUserReceiptUpdate[]): AckUpdate[] {
  return updates.flatMap(({ key, receipt }): AckUpdate[] => {
    if (!key.fromMe || !key.id) return [];
    const ack: Ack | undefined = receipt.playedTimestamp
      ? 5
      : receipt.readTimestamp
        ? 4
        : receipt.receiptTimestamp
          ? 3
          : undefined;
    return ack ? [{ wid: key.id, ack }] : [];
  });
}
