/**
 * Campaigns (business-areas §2.11, §2.13, §3 "Campaign", §4 "Campaign", §5,
 * §7, §9; SERVER-BEHAVIOUR "Campaigns"): bulk sends to a contact list or a
 * tag over one connection, what the modal sends, the list and the report read.
 */
import { z } from "zod";
import { limits } from "../constants.js";
import { listQuerySchema } from "../schemas.js";
import { idSchema } from "./ids.js";

/** §4: INATIVA on create → PROGRAMADA (saved with scheduledAt) → EM_ANDAMENTO → FINALIZADA; CANCELADA ⇄ EM_ANDAMENTO. */
export const campaignStatuses = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignMessageFields = ["message1", "message2", "message3", "message4", "message5"] as const;
export const campaignConfirmationFields = [
  "confirmationMessage1",
  "confirmationMessage2",
  "confirmationMessage3",
  "confirmationMessage4",
  "confirmationMessage5",
] as const;
export type CampaignMessageField = (typeof campaignMessageFields)[number];
export type CampaignConfirmationField = (typeof campaignConfirmationFields)[number];

export const campaignLimits = {
  pageSize: 20,
  messageMax: 4_096,
  /** §4: PROGRAMADA stays editable while scheduledAt is more than this far away. */
  editableLeadMs: 60 * 60 * 1000,
  /** §9: the report reloads this long after a realtime update marks the campaign FINALIZADA. */
  reportReloadMs: 5_000,
  /** A reply within this long of a campaign message answers it (confirmation, opt-out). */
  replyWindowMs: 7 * 24 * 60 * 60 * 1000,
  /** Per-recipient table page (beyond the anchors). */
  shippingPageSize: 50,
  /** Realtime progress of a running campaign: at most one update per this long. */
  progressEveryMs: 1_000,
} as const;

/**
 * Where a recipient's send stands:
 * - pending: not sent yet; sending: handed to WhatsApp, outcome not recorded yet;
 * - awaiting: the confirmation variant went out, the main message waits for a reply;
 * - confirming: the reply came, the main message is being handed to WhatsApp;
 * - delivered: WhatsApp accepted the main message (deliveredAt);
 * - failed: WhatsApp refused (error holds its words);
 * - unknown: a send was in flight when the server stopped: never repeated, its outcome unknown;
 * - opted_out: the number had opted out of campaigns; nothing sent.
 */
export const shippingStatuses = [
  "pending",
  "sending",
  "awaiting",
  "confirming",
  "delivered",
  "failed",
  "unknown",
  "opted_out",
] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/** The report's counters (§2.13 valid and delivered; the rest beyond the anchors). */
export interface CampaignReport {
  /** The list's items with isWhatsappValid (a tag campaign: its recipients). */
  validContacts: number;
  /** Recipients with a shipping row (after the campaign started). */
  recipients: number;
  delivered: number;
  failed: number;
  unknown: number;
  optedOut: number;
  /** Confirmation campaigns: confirmation variants sent, and replies that brought the main message. */
  confirmationRequested: number;
  confirmed: number;
  pending: number;
}

export interface CampaignDto {
  id: number;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  /** Send a confirmation variant first; the main message follows the contact's reply. */
  confirmation: boolean;
  status: CampaignStatus;
  /** ISO date-times. */
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagId: number | null;
  /** The modal's name for tagId. */
  tagListId: number | null;
  tag: { id: number; name: string } | null;
  fileListId: number | null;
  fileList: { id: number; name: string } | null;
  companyId: number;
  /** The media route's path of the attached file, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  report: CampaignReport;
  createdAt: string;
  updatedAt: string;
}

/** GET /campaigns/{id}: the campaign with its shipping entries (§3: each with deliveredAt). */
export interface CampaignDetailDto extends CampaignDto {
  shipping: { id: number; number: string; deliveredAt: string | null }[];
}

export interface CampaignPage {
  records: CampaignDto[];
  hasMore: boolean;
  count: number;
}

/** One recipient of the report's table (beyond the anchors). */
export interface CampaignShippingDto {
  id: number;
  number: string;
  name: string;
  status: ShippingStatus;
  /** 1 to 5: which message variant this recipient got. */
  variant: number | null;
  message: string;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  error: string | null;
}

export interface CampaignShippingPage {
  shipping: CampaignShippingDto[];
  hasMore: boolean;
  count: number;
}

/** Empty strings, "Nenhuma"/"Nenhum" (§2.11's 'none' entry) and null all mean none. */
const noneAsNull = (value: unknown) =>
  value === "" || value === "Nenhuma" || value === "Nenhum" || value === undefined ? null : value;

const optionalId = z.preprocess(noneAsNull, idSchema.nullable());
const optionalMessage = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : noneAsNull(value)),
  z.string().max(campaignLimits.messageMax).nullable(),
);

/**
 * "YYYY-MM-DD HH:mm:ss" (§9) is the company's wall clock (its timezone
 * setting); an ISO date-time with a zone is taken as it says.
 */
export const campaignDateSchema = z.preprocess(
  noneAsNull,
  z
    .string()
    .trim()
    .max(64)
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, "Invalid date")
    .nullable(),
);

/** POST and PUT /campaigns: every form field; companyId and unknown fields are ignored. */
export const campaignSaveSchema = z
  .object({
    name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
    contactListId: optionalId,
    tagListId: optionalId,
    whatsappId: optionalId,
    fileListId: optionalId,
    scheduledAt: campaignDateSchema,
    confirmation: z.preprocess((v) => v === true || v === "true", z.boolean()),
    message1: optionalMessage,
    message2: optionalMessage,
    message3: optionalMessage,
    message4: optionalMessage,
    message5: optionalMessage,
    confirmationMessage1: optionalMessage,
    confirmationMessage2: optionalMessage,
    confirmationMessage3: optionalMessage,
    confirmationMessage4: optionalMessage,
    confirmationMessage5: optionalMessage,
  })
  .loose();
export type CampaignSave = z.infer<typeof campaignSaveSchema>;

export const campaignListQuerySchema = listQuerySchema.loose();
export const campaignShippingQuerySchema = listQuerySchema
  .extend({ status: z.enum(shippingStatuses).optional() })
  .loose();

/**
 * §4: editable while INATIVA, or PROGRAMADA with scheduledAt more than an
 * hour away; a CANCELADA campaign's messages stay editable.
 */
export function isCampaignEditable(
  campaign: { status: CampaignStatus; scheduledAt: string | Date | null },
  now = Date.now(),
): boolean {
  if (campaign.status === "INATIVA") return true;
  if (campaign.status !== "PROGRAMADA" || campaign.scheduledAt === null) return false;
  return new Date(campaign.scheduledAt).getTime() - now > campaignLimits.editableLeadMs;
}

/** The variants with text, in order (a recipient gets one of them at random). */
export function campaignVariants<K extends string>(
  campaign: Partial<Record<K, string | null>>,
  fields: readonly K[],
): string[] {
  return fields.map((f) => campaign[f]?.trim() ?? "").filter((text) => text !== "");
}

/** An opt-out reply: the whole message is one of the words, case, accents and spaces aside. */
export function isOptOutReply(body: string, words: readonly string[]): boolean {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/[\s.!]+/g, "")
      .toUpperCase();
  const reply = fold(body);
  return reply !== "" && words.some((word) => fold(word) === reply);
}
