/**
 * Contacts (business-areas §2.3, §3 Contact, §5 Contact, §7; core-platform §5
 * "Contact modal"): what the contact modal and the import send, what the
 * contacts page reads.
 */
import { z } from "zod";
import { limits } from "../constants.js";
import { listQuerySchema } from "../schemas.js";

export const contactLimits = {
  pageSize: 40,
  extraInfoMax: 50,
  extraNameMax: 100,
  extraValueMax: 1000,
  /** Rows per POST /contacts/upload; the import modal sends batches of importBatch. */
  uploadMaxRows: 1000,
  importBatch: 500,
} as const;

/** Numbers are kept as digits only: "+55 (11) 98765-4321" and "5511987654321" are one contact. */
export function contactDigits(value: string | number): string {
  return String(value).replace(/\D/g, "");
}

export const contactNumberSchema = z
  .union([z.string().max(200), z.number()])
  .transform(contactDigits)
  .pipe(z.string().min(limits.contactNumberMin).max(limits.contactNumberMax));

export const contactNameSchema = z.string().trim().min(limits.nameMin).max(limits.nameMax);

/** Optional: "" (or nothing) means no email. */
export const contactEmailSchema = z
  .union([z.literal(""), z.string().trim().toLowerCase().max(limits.emailMax).pipe(z.email()), z.null()])
  .optional()
  .transform((v) => v ?? "");

export const extraInfoSchema = z.object({
  id: z.unknown().optional(),
  name: z.string().trim().min(1).max(contactLimits.extraNameMax),
  value: z.string().trim().max(contactLimits.extraValueMax).default(""),
});

export const contactSaveSchema = z
  .object({
    name: contactNameSchema,
    /**
     * "" only for a contact WhatsApp knows by user id (a username, a LID):
     * the service refuses it for any other (ERR_VALIDATION, field number).
     */
    number: z.union([z.literal(""), contactNumberSchema]),
    email: contactEmailSchema,
    /** When present, replaces the contact's whole set of extra info pairs. */
    extraInfo: z.array(extraInfoSchema).max(contactLimits.extraInfoMax).optional(),
  })
  .loose();
export type ContactSave = z.infer<typeof contactSaveSchema>;

/** YYYY-MM-DD of a real day: a 30 February answers 400 instead of failing in the database. */
const day = z.iso.date();

/** GET /contacts/ and the CSV export: the page params plus the optional creation-date filters. */
export const contactListQuerySchema = listQuerySchema.extend({
  date: day.optional(),
  dateStart: day.optional(),
  dateEnd: day.optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** A spreadsheet row as the import modal parsed it: header → cell text. */
export const contactUploadSchema = z
  .array(z.record(z.string().max(200), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()])))
  .min(1)
  .max(contactLimits.uploadMaxRows);
export type ContactUploadRow = z.infer<typeof contactUploadSchema>[number];

/** The template's header row; a header is matched ignoring case, accents and spaces. */
export const contactImportHeaders = ["Nome", "Numero", "Email"] as const;
export const contactImportAliases = {
  name: ["nome", "name", "nombre", "contato", "contact"],
  number: ["numero", "number", "telefone", "phone", "celular", "whatsapp", "fone"],
  email: ["email", "e-mail", "mail", "correo"],
} as const;

export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, "")
    .toLowerCase();
}

export type ContactImportField = keyof typeof contactImportAliases;

const fieldByHeader = new Map<string, ContactImportField>(
  (Object.entries(contactImportAliases) as [ContactImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [normaliseHeader(n), field] as const),
  ),
);

/** The field a spreadsheet header names (contacts and contact list imports alike), if any. */
export function contactImportField(header: string): ContactImportField | undefined {
  return fieldByHeader.get(normaliseHeader(header));
}

export interface ContactExtraInfo {
  id: number;
  name: string;
  value: string;
}

export interface ContactDto {
  id: number;
  name: string;
  /** Digits; "" for a customer WhatsApp names by user id only (a username, a LID). */
  number: string;
  /**
   * WhatsApp's user id: the Cloud API's business-scoped id ("BR.1349…") or
   * WhatsApp Web's LID ("<digits>@lid"); null when unknown.
   */
  userId: string | null;
  /** The WhatsApp username, without "@"; null when none is known. */
  username: string | null;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  companyId: number;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactDetail extends ContactDto {
  extraInfo: ContactExtraInfo[];
  /** The connection the contact came from; null until connections exist or when it has none. */
  whatsapp: { name: string } | null;
}

export interface ContactListResponse {
  contacts: ContactDto[];
  hasMore: boolean;
  count: number;
}

export interface ContactUploadResult {
  newContacts: { contactId: number; contactName: string }[];
  errorBag: { contactName: string; error: { message: string; field?: string } }[];
}

/** POST /contacts/import: what became of the phone's address book. */
export interface PhoneImportResult {
  /** Contacts created. */
  imported: number;
  /** Numbers the company already had (or that appeared twice in the address book). */
  existing: number;
  /** Entries without a usable number. */
  invalid: number;
}
