/**
 * GET /inbound-rejections?pageNumber= (super users only, issue 19): inbound
 * items a driver could not read, kept whole with the reason, newest first.
 */

export interface InboundRejectionDto {
  id: number;
  companyId: number;
  companyName: string;
  /** Null once the connection is deleted. */
  whatsappId: number | null;
  whatsappName: string | null;
  /** The connection's provider: "cloud" or "baileys". */
  provider: string;
  reason: string;
  /** The item as the provider sent it (a webhook change, message or status). */
  item: unknown;
  /** ISO time. */
  receivedAt: string;
}

export interface InboundRejectionsPage {
  records: InboundRejectionDto[];
  count: number;
  hasMore: boolean;
}
