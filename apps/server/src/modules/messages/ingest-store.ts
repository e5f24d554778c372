/**
 * Where ingest writes (ingest-statement.ts: one statement per message; a
 * group's participant first, by one of its own), and what it tells ingest.
 */
import type { InboundMessage, InboundPerson } from "../../channels/driver.js";
import type { RawSql } from "../../db/client.js";
import { storableJsonText } from "../../db/storable.js";
import type { StoredMedia } from "../../media/storage.js";
import { contactCtes, personValues } from "./ingest-contact.js";
import { storeStatement, type StoreResult } from "./ingest-statement.js";
import { lastMessageOf } from "./last-message.js";

export interface IngestConnection {
  id: number;
  companyId: number;
}

export interface StoredInbound {
  messageId: number;
  ticketId: number;
  /** The chat's contact (a group's, in a group). */
  contactId: number;
  /** This message made its ticket. */
  ticketIsNew: boolean;
  /** The connection keeps a timer (redirection, transfer, expiry). */
  connectionHasTimers: boolean;
  /** Contacts this message made (the chat, a group's participant), for the contacts page. */
  newContactIds: number[];
  /** The chat's contact when this message changed it (a number or user id joined, a username, a name). */
  changedContactIds: number[];
  /** A customer's message to a number a campaign wrote to lately on this connection (a reply to it, maybe). */
  answersCampaign: boolean;
}

/** A concurrent delivery's contact or ticket met at most once or twice; more means something else is wrong. */
const attempts = 3;

/** $1 company, $2 connection, $3 number, $4 name, $5 named, $6 user id, $7 now. */
const senderStatement = `
with ${contactCtes({
  company: "$1",
  connection: "$2",
  number: "$3",
  name: "$4",
  named: "$5",
  isGroup: "false",
  userId: "$6",
  parentUserId: "null",
  username: "null",
  now: "$7",
})}
select coalesce((select id from inserted), (select id from existing)) as "id", (select id from inserted) as "madeId"`;

/**
 * Runs a statement again while it meets a contact or ticket a concurrent delivery is committing.
 * A statement PostgreSQL refuses (a contact's join meeting such a row: isIdentityRace) aborts the
 * caller's transaction: ingest runs the whole transaction again for that.
 */
async function settled<T>(run: () => Promise<T | null>, what: string): Promise<T> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await run();
    if (result !== null) return result;
  }
  throw new Error(`ingest: no contact or ticket for ${what} after ${attempts} tries`);
}

/**
 * A group's participant, before the message: one statement, a new contact or the known one
 * (found and joined by the same rule as the chat), with the contact when it was made.
 */
function upsertSender(raw: RawSql, connection: IngestConnection, sender: InboundPerson) {
  const person = personValues(sender, false);
  const values = [
    connection.companyId,
    connection.id,
    person.number,
    person.name,
    person.named,
    person.userId,
    new Date(),
  ];
  return settled(async () => {
    const { rows } = await raw.query<{ id: number | null; madeId: number | null }>(
      senderStatement,
      values,
      "ingest_upsert_sender",
    );
    const row = rows[0]!;
    return row.id === null ? null : { id: row.id, madeId: row.madeId };
  }, `the sender of a group message`);
}

/** What storeInbound did alone when the message needs more written with it: nothing yet. */
export const needsTransaction = "needs-transaction";

/**
 * Undefined when the message was already stored (a repeated or concurrent delivery). storeInbound runs on
 * the caller's transaction (ingest records message.received in it); storeInboundAlone on the pool, where a
 * message that needs a transaction is left unwritten (`needsTransaction`).
 */
export const storeInbound = (raw: RawSql, connection: IngestConnection, inbound: InboundMessage, media?: StoredMedia) =>
  store(raw, connection, inbound, media, true) as Promise<StoredInbound | undefined>;

export const storeInboundAlone = (
  raw: RawSql,
  connection: IngestConnection,
  inbound: InboundMessage,
  media?: StoredMedia,
) => store(raw, connection, inbound, media, false);

async function store(
  raw: RawSql,
  connection: IngestConnection,
  inbound: InboundMessage,
  media: StoredMedia | undefined,
  inTransaction: boolean,
): Promise<StoredInbound | typeof needsTransaction | undefined> {
  // In a group the participant who wrote is a contact too, and the message's sender.
  const writer = inbound.isGroup && !inbound.fromMe ? inbound.sender : undefined;
  // A participant WhatsApp names by neither number nor user id cannot be told apart: the group stands for them.
  const sender = writer && (writer.number || writer.userId) ? await upsertSender(raw, connection, writer) : undefined;
  if (!inbound.chatNumber && !inbound.chatUser?.userId)
    throw new Error(`ingest: ${inbound.wid} names its chat by neither a number nor a user id`);
  const chat = personValues(
    { number: inbound.chatNumber, name: inbound.chatName, ...inbound.chatUser },
    inbound.isGroup,
  );
  const values = [
    connection.companyId,
    connection.id,
    chat.number,
    chat.name,
    inbound.isGroup,
    sender?.id ?? null,
    inbound.fromMe,
    inbound.wid,
    inbound.body,
    inbound.mediaType,
    media?.mediaPath ?? null,
    media?.mediaName ?? null,
    // A reaction quotes the message it reacts to, so the client can show it beside that one.
    inbound.reaction?.targetWid ?? inbound.quotedWid ?? null,
    inbound.raw === undefined ? null : storableJsonText(inbound.raw),
    inbound.timestamp,
    lastMessageOf({ ...inbound, mediaName: media?.mediaName }),
    new Date(),
    inbound.details ? storableJsonText(inbound.details) : null,
    chat.userId,
    chat.parentUserId,
    chat.username,
    chat.named,
    inTransaction,
  ];
  const result = await settled(async () => {
    const { rows } = await raw.query<StoreResult>(storeStatement, values, "ingest_store_inbound");
    const row = rows[0]!;
    return row.stored || row.leftForTransaction || row.ticketId !== null ? row : null;
  }, inbound.wid);
  if (result.stored) return undefined;
  if (result.leftForTransaction) return needsTransaction;
  // A ticket but no message: the same message, committed by a concurrent delivery meanwhile.
  if (result.ticketId === null || result.messageId === null) return undefined;
  const newContactIds = [result.newContactId, sender?.madeId].filter((id): id is number => typeof id === "number");
  const changedContactIds = result.joinedContactId === null ? [] : [result.joinedContactId];
  return {
    messageId: result.messageId,
    ticketId: result.ticketId,
    contactId: result.contactId,
    ticketIsNew: result.ticketIsNew,
    connectionHasTimers: result.connectionHasTimers,
    newContactIds,
    changedContactIds,
    answersCampaign: result.answersCampaign,
  };
}
