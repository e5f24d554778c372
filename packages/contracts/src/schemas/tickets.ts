/** Tickets (core-platform §3 "Ticket", §4.1, §7.5) and their notes (§2.12, §7.6). */
import { z } from "zod";
import type { QueueRef } from "../entities.js";
import { idSchema, optionalId, pageNumberSchema } from "./ids.js";

export const ticketStatuses = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Tickets per list page (the workspace's infinite scroll). */
export const ticketPageSize = 40;

/**
 * A list's count stops here: it feeds the tabs' badges, and counting every
 * resolved ticket of a large company (or every match of a common word) on
 * each page would cost more than the page itself.
 */
export const ticketCountCap = 10_000;

export interface TicketContactDto {
  id: number;
  name: string;
  /** "" for a customer WhatsApp names by user id only (a username). */
  number: string;
  /** The WhatsApp username, without "@"; null when none is known. */
  username: string | null;
  email: string;
  profilePicUrl: string;
  urlPicture: string;
  isGroup: boolean;
}

export interface TicketDto {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: QueueRef | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string; status: string } | null;
  contactId: number;
  contact: TicketContactDto;
  tags: { id: number; name: string; color: string }[];
  unreadMessages: number;
  lastMessage: string;
  chatbot: boolean;
  isGroup: boolean;
  useIntegration: boolean;
  promptId: number | null;
  integrationId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface TicketListResponse {
  tickets: TicketDto[];
  hasMore: boolean;
  /**
   * How many tickets match, up to ticketCountCap. A tag or text search (the
   * Search tab, which shows no count) counts only up to the end of the page
   * asked for, plus one when more follow (hasMore): counting every ticket
   * whose messages hold a common word would cost far more than the page.
   */
  count: number;
}

/**
 * POST /tickets when the contact already has an active ticket held by another
 * attendant: the error is this object instead of a code (core-platform §8.2).
 */
export interface OtherAttendantTicket {
  userId: number;
  user: { name: string } | null;
  queue: { name: string } | null;
  ticketId: number;
}

export interface TicketNoteDto {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** Note text (core-platform §5 "Ticket note"): at least 2 characters. */
export const ticketNoteLimits = { noteMin: 2, noteMax: 5000 } as const;

/** YYYY-MM-DD of a real day (a 30 February never reaches the database). */
const day = z.iso.date();
const flag = z.enum(["true", "false"]);

/** A query parameter holding a JSON array of ids, as the workspace sends tags, users and queueIds. */
const jsonIds = z.string().transform((raw, c) => {
  try {
    const parsed: unknown = JSON.parse(raw);
    const ids = z.array(idSchema).max(500).parse(parsed);
    return [...new Set(ids)];
  } catch {
    c.addIssue({ code: "custom", message: "a JSON array of ids" });
    return z.NEVER;
  }
});

/** GET /tickets (core-platform §7.5). */
export const ticketListQuerySchema = z
  .object({
    searchParam: z.string().max(200).optional().default(""),
    pageNumber: pageNumberSchema,
    status: z.enum(ticketStatuses).optional(),
    tags: jsonIds.optional(),
    users: jsonIds.optional(),
    queueIds: jsonIds.optional(),
    /** YYYY-MM-DD: created that day (company time zone). */
    date: day.optional(),
    /** YYYY-MM-DD: last updated that day (company time zone). */
    updatedAt: day.optional(),
    showAll: flag.optional(),
    withUnreadMessages: flag.optional(),
  })
  // The spec's client also sends companyId; the company comes from the token.
  .loose();
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** POST /tickets from the new-ticket modal. */
export const ticketCreateSchema = z
  .object({
    contactId: idSchema,
    queueId: optionalId.optional(),
    whatsappId: optionalId.optional(),
    // userId and status "open" are sent too: the ticket is always opened by and for the caller.
  })
  .loose();
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

/**
 * PUT /tickets/{id}: one of the §4.1 payloads (accept, return, resolve,
 * reopen) or a transfer {userId, queueId, status, whatsappId}. Resolve's
 * useIntegration/promptId/integrationId come as false or null (both readings).
 */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(ticketStatuses).optional(),
    userId: optionalId.optional(),
    queueId: optionalId.optional(),
    whatsappId: optionalId.optional(),
    useIntegration: z.boolean().nullable().optional(),
    promptId: z.union([z.literal(false), optionalId]).optional(),
    integrationId: z.union([z.literal(false), optionalId]).optional(),
  })
  .loose();
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

/** POST /tags/sync: the ticket's whole tag set; each tag by id (or by the name of an existing tag). */
export const tagSyncSchema = z.object({
  ticketId: idSchema,
  tags: z
    .array(
      z
        .object({ id: idSchema.optional(), name: z.string().trim().min(1).max(100).optional() })
        .loose()
        .refine((t) => t.id !== undefined || t.name !== undefined, "id or name"),
    )
    .max(100),
});
export type TagSync = z.infer<typeof tagSyncSchema>;

export const ticketNoteSaveSchema = z.object({
  note: z.string().trim().min(ticketNoteLimits.noteMin).max(ticketNoteLimits.noteMax),
  ticketId: idSchema,
  contactId: idSchema,
});
export type TicketNoteSave = z.infer<typeof ticketNoteSaveSchema>;

export const ticketNoteListQuerySchema = z.object({ ticketId: idSchema.optional(), contactId: idSchema }).loose();
