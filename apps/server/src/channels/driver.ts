/**
 * The channel layer (DESIGN §6): one driver per provider (beta = Baileys,
 * cloud = WhatsApp Cloud API) turns the provider's protocol into these
 * normalised shapes, and the ingest pipeline and the message service only
 * ever speak them.
 */
import type { Readable } from "node:stream";
import type { Ack, ConnectionStatus, ErrorCode, MediaType, MessageDetails } from "@balcao/contracts";
import { AppError } from "../http/errors.js";

/**
 * A provider refused or failed a call: the catalogue code the client sees
 * (ERR_SENDING_WAPP_MSG, ERR_WAPP_DOWNLOAD_MEDIA, ...) plus the provider's own
 * words, which the message service keeps as the message's sendError.
 */
export class ChannelError extends AppError {
  constructor(
    code: ErrorCode,
    readonly providerMessage: string,
  ) {
    super(code, { providerMessage });
  }
}

/** A file as it travels through the pipeline: stored bytes and what they are. */
export interface ChannelMedia {
  data: Buffer;
  mimetype: string;
  fileName: string;
}

/** A customer's file as the provider describes it, its bytes fetched only when opened. */
export interface InboundMedia {
  mimetype: string;
  fileName: string;
  /** The size the provider declares (Graph's file_size, WhatsApp Web's fileLength), when it gives one. */
  declaredBytes?: number;
  /** The bytes as they download; whoever reads them caps how many it takes. */
  open(): Promise<Readable>;
}

/**
 * Who a person is on WhatsApp beside their number (issue 19): since usernames,
 * WhatsApp may hide the number and name the person by a user id only.
 */
export interface WhatsAppIdentity {
  /**
   * The Cloud API's business-scoped user id (BSUID, "BR.1349…"), or WhatsApp
   * Web's LID stored as "<digits>@lid" so it never reads as a BSUID or a number.
   */
  userId?: string;
  /** The Cloud API's parent BSUID ("BR.ENT.…"), when Meta enabled it for the business. */
  parentUserId?: string;
  /** The WhatsApp username, without "@". */
  username?: string;
}

/** A person in a chat: a number ("" when WhatsApp gives none) and/or a user id. */
export interface InboundPerson extends WhatsAppIdentity {
  number: string;
  name: string;
}

/** A message that arrived from WhatsApp, normalised by a driver. */
export interface InboundMessage {
  /** The provider's message id; with the connection, the idempotency key. */
  wid: string;
  /**
   * Digits of the chat: the customer's number, or the group's id; "" when
   * WhatsApp names the customer by a user id only (chatUser then has it).
   */
  chatNumber: string;
  /** The customer's identity beyond the number (not for groups). */
  chatUser?: WhatsAppIdentity;
  isGroup: boolean;
  /** The chat's display name as the provider knows it (push name, group subject). */
  chatName: string;
  /** In a group: the participant who wrote it. */
  sender?: InboundPerson;
  /** Sent by us from another device (the phone): stored as fromMe. */
  fromMe: boolean;
  mediaType: MediaType;
  /** Text, caption, "imageUrl|link|description" for locations, a vCard for contacts. */
  body: string;
  /** What it carries beyond its text: an order, a poll, an event, an ad, forwarded … */
  details?: MessageDetails;
  /** Describes the media on demand (and opens its download), so ingest can store it in company storage. */
  media?: () => Promise<InboundMedia>;
  /**
   * The provider lets us fetch the media again later from `raw` (a Cloud API
   * media id): when the download fails, the message is stored at once with its
   * media pending, and a job fetches it.
   */
  mediaRefetchable?: boolean;
  /** The provider id of the message this one replies to. */
  quotedWid?: string;
  /** A reaction: the emoji and the provider id of the message it reacts to. */
  reaction?: { emoji: string; targetWid: string };
  /**
   * A vote on an earlier poll (WhatsApp Web): the voter's latest choice replaces their earlier one on
   * the poll's details; the vote is no message of its own.
   */
  pollVote?: { targetWid: string; voter: string; options: string[] };
  /** An edit of an earlier message (body replaces it, isEdited, the old text kept in details.edits). */
  editOfWid?: string;
  /** A revoke ("deleted for everyone") of an earlier message. */
  revokeOfWid?: string;
  timestamp: Date;
  /** What the provider sent, kept for replies and diagnostics. */
  raw?: unknown;
}

/**
 * A status report about a message we sent. `ack` only ever raises the stored
 * one; a failure carries `error` (and the ack it had reached, usually 1).
 */
export interface AckUpdate {
  wid: string;
  ack: Ack;
  /** The provider refused or failed the send. */
  error?: string;
}

export interface OutboundTarget {
  /** Digits of the chat (customer number or group id); "" for a customer known by user id only. */
  chatNumber: string;
  /** The contact's user id (BSUID or "<digits>@lid"): where a send goes when there is no number. */
  userId?: string | null;
  isGroup: boolean;
}

export interface OutboundReply {
  wid: string;
  fromMe: boolean;
  body: string;
  /** In a group, the member who wrote it: digits, or "<digits>@lid" when known by LID only (WhatsApp names the quote's author by it). */
  participant?: string;
}

export interface OutboundText extends OutboundTarget {
  body: string;
  quoted?: OutboundReply;
}

export interface OutboundMedia extends OutboundTarget {
  media: ChannelMedia;
  /** Caption; empty for none. */
  caption: string;
  /** Send a recorded audio as a voice note (ptt). */
  voiceNote?: boolean;
  quoted?: OutboundReply;
}

/** A customer's message to acknowledge as read. */
export interface ReadMessage {
  wid: string;
  /** In a group, the member who wrote it: digits, or "<digits>@lid" when known by LID only (WhatsApp's receipt names them). */
  participant?: string;
}

/** What the provider answered for an accepted send. */
export interface SentMessage {
  wid: string;
  raw?: unknown;
}

/** What the connections page shows of a session (core-platform §4.3); absent fields stay as they are. */
export interface SessionUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The linked number, digits only, once the provider tells it. */
  number?: string;
}

/**
 * Events a driver raises; the manager subscribes when the connection starts.
 * A driver awaits each handler, so a webhook is answered only after its
 * messages are committed.
 */
export interface ChannelEvents {
  message(inbound: InboundMessage): Promise<void>;
  ack(update: AckUpdate): Promise<void>;
  session(update: SessionUpdate): Promise<void>;
  /** A voice or video call; the call rules (the `call` setting) may `reject` it. */
  call(call: InboundCall, reject: () => Promise<void>): Promise<void>;
  /** An inbound item the driver could not read: kept whole with the reason, so nothing is lost untraced. */
  rejected(rejection: InboundRejection): Promise<void>;
  /** WhatsApp told the number behind a user id (WhatsApp Web's LID mapping): the contact known by it gains it. */
  identity(update: IdentityUpdate): Promise<void>;
}

/** A user id ("<digits>@lid") and the number WhatsApp says is behind it. */
export interface IdentityUpdate {
  userId: string;
  /** Digits only. */
  number: string;
}

/** An item as the provider sent it (a webhook change, message or status) and why it could not be read. */
export interface InboundRejection {
  item: unknown;
  reason: string;
}

/**
 * A call from a customer. A driver reports it when it is offered ("offer")
 * and again when it ended unanswered ("missed").
 */
export interface InboundCall {
  callId: string;
  /** Digits of the caller's number; "" when WhatsApp names the caller by LID only (chatUser). */
  chatNumber: string;
  chatUser?: WhatsAppIdentity;
  chatName: string;
  isVideo: boolean;
  isGroup: boolean;
  outcome: "offer" | "missed";
  at: Date;
}

/** An entry of the linked phone's address book. */
export interface PhoneContact {
  /** Digits only. */
  number: string;
  name: string;
}

/** What the services ask of a connection; a driver here or, for a session another process holds, a remote one. */
export interface ChannelSender {
  sendText(message: OutboundText): Promise<SentMessage>;
  sendMedia(message: OutboundMedia): Promise<SentMessage>;
  /** Read receipts for these messages of the chat (oldest first). */
  markRead(target: OutboundTarget, messages: ReadMessage[]): Promise<void>;
  /** Delete for everyone; throws when the provider refuses. */
  deleteMessage(target: OutboundTarget, message: { wid: string; fromMe: boolean }): Promise<void>;
  /** The number as WhatsApp knows it (normalised digits), or null when it has no WhatsApp. */
  checkNumber(number: string): Promise<string | null>;
  /** The linked phone's address book as far as the provider shares it (empty when it has none). */
  phoneContacts(): Promise<PhoneContact[]>;
}

/**
 * Whether a provider's checkNumber asks WhatsApp (WhatsApp Web's lookup, which WhatsApp blocks when it
 * comes in bursts) or only reads the number (the Cloud API has no lookup). An unknown provider asks.
 */
export const checkNumberAsksWhatsApp = (provider: string) => provider !== "cloud";

export interface ChannelDriver extends ChannelSender {
  readonly provider: "beta" | "cloud";
  /** Resolves once the driver can send; throws (after reporting the session) when it cannot start. */
  start(events: ChannelEvents): Promise<void>;
  stop(): Promise<void>;
  /** Ends the pairing for good (the phone forgets this device); the next start pairs anew. */
  logout(): Promise<void>;
}
