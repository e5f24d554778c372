/** What the fake Graph API records of our server's calls, and what a test can ask of it (fake-graph.ts). */
import type { CustomerMessage, StatusName, StoredFakeMedia } from "./fake-graph-payloads.js";

export interface FakeNumber {
  phoneNumberId: string;
  accessToken?: string;
  displayPhoneNumber?: string;
  verifiedName?: string;
}

export interface SentRecord {
  phoneNumberId: string;
  /** The wamid the fake answered (empty for a read receipt). */
  id: string;
  /** The phone number sent to ("" when sent by `recipient`). */
  to: string;
  /** The business-scoped user id sent to (Meta's `recipient`), when sent by it. */
  recipient?: string;
  /** The JSON our server posted. */
  body: Record<string, unknown>;
}

export interface UploadRecord extends StoredFakeMedia {
  id: string;
  phoneNumberId: string;
  fileName: string;
}

/** A media download our server made: how many bytes went out before it finished or stopped reading. */
export interface DownloadRecord {
  mediaId: string;
  bytesSent: number;
}

export interface Delivery {
  /** Our server's answer. */
  status: number;
  body: string;
  wid?: string;
}

export interface FakeGraph {
  /** The Graph base URL, version included: WHATSAPP_GRAPH_URL for our server. */
  url: string;
  /** Where the control API lives. */
  origin: string;
  sent: SentRecord[];
  reads: SentRecord[];
  uploads: UploadRecord[];
  downloads: DownloadRecord[];
  addNumber(n: FakeNumber): void;
  /** Like configuring the webhook in Meta's dashboard; with verifyToken it runs the GET check first. */
  subscribe(s: {
    phoneNumberId: string;
    webhookUrl: string;
    appSecret: string;
    verifyToken?: string;
  }): Promise<{ verified?: boolean }>;
  customerMessage(m: CustomerMessage): Promise<Delivery>;
  /** A status callback about a message our server sent (its number found from the send, or named). */
  status(s: {
    wid: string;
    status: StatusName;
    error?: { code: number; title: string };
    phoneNumberId?: string;
  }): Promise<Delivery>;
  /** Posts any payload, signed with the subscription's secret unless `signature` is given (null: unsigned). */
  webhook(
    payload: unknown,
    opts?: { phoneNumberId?: string; signature?: string | null; rawBody?: string },
  ): Promise<Delivery>;
  /** The `value` of a customer message, to compose batched deliveries with `envelope`. */
  customerValue(m: CustomerMessage): { value: Record<string, unknown>; wid: string };
  /**
   * The next send's statuses are posted to our server (and answered) before the send itself is answered,
   * as Meta may do: our server hears of the wamid first from the webhook.
   */
  statusesBeforeNextAnswer(statuses: StatusName[]): void;
  failNextSend(error?: { message?: string; code?: number }): void;
  /** From now, each send is recorded but answered only at `releaseSends` (a server killed meanwhile never hears). */
  holdSends(): void;
  releaseSends(): void;
  /** While down, every Graph call and media download answers 503 (Graph's code 2), as when the Graph API blinks. */
  outage(down: boolean): void;
  /** The next file download answers 503 while Graph still describes the file: the media server blinks alone. */
  failNextDownload(): void;
  /** Sends so far, `to` matching the number or the recipient BSUID. */
  waitForSent(count?: number, to?: string, timeoutMs?: number): Promise<SentRecord[]>;
  close(): Promise<void>;
}
