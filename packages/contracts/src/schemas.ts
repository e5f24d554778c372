/** Shared zod schemas: the server validates with them, the web forms too. */
import { z } from "zod";
import { languages, limits, recurrences } from "./constants.js";
import { idSchema, pageNumberSchema } from "./schemas/ids.js";

/** An email as every form sends it: trimmed and lower-cased. */
export const emailSchema = z.string().trim().toLowerCase().max(limits.emailMax).pipe(z.email());

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});

export const signupSchema = z
  .object({
    name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
    email: emailSchema,
    phone: z
      .string()
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(z.string().max(limits.signupPhoneMax))
      .optional(),
    password: z.string().min(limits.passwordMin).max(limits.passwordMax),
    planId: idSchema,
    // The client also sends recurrence, dueDate, status and campaignsEnabled;
    // the server computes them (SERVER-BEHAVIOUR "Auth"), so they are accepted and ignored.
    recurrence: z.enum(recurrences).optional(),
  })
  .loose();

/** The reset rule of §5: 8+ chars with an uppercase, a lowercase and a number. */
export const strongPasswordSchema = z
  .string()
  .min(limits.resetPasswordMin)
  .max(limits.passwordMax)
  .regex(/[A-Z]/)
  .regex(/[a-z]/)
  .regex(/[0-9]/);

export const languageSchema = z.enum(languages);

export const settingUpdateSchema = z.object({
  key: z.string().optional(),
  value: z.string().max(2000),
});

export const listQuerySchema = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: pageNumberSchema,
});

/**
 * The lookup lists autocompletes search as the user types (GET
 * /contacts/list, /tags/list, /quick-messages/list): searchParam narrows them
 * and they answer at most lookupListMax rows. The spec's client also sends
 * companyId and userId; the token says who asks.
 */
export const lookupQuerySchema = listQuerySchema.pick({ searchParam: true }).loose();
