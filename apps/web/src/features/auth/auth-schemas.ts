/**
 * Form schemas of the access pages (core-platform §5). Bounds come from the
 * contracts' limits so web and server agree; each message is an i18n key under
 * "validation" so the text follows the language even after a switch.
 */
import { limits } from "@balcao/contracts";
import { z } from "zod";
import { phoneDigits } from "./phone-mask";

export const msg = {
  required: "validation.required",
  tooShort: "validation.tooShort",
  tooLong: "validation.tooLong",
  invalidEmail: "validation.invalidEmail",
  passwordRule: "validation.passwordRule",
  passwordsDontMatch: "validation.passwordsDontMatch",
} as const;

const email = z
  .string()
  .trim()
  .min(1, msg.required)
  .max(limits.emailMax, msg.tooLong)
  .pipe(z.email(msg.invalidEmail))
  .transform((v) => v.toLowerCase());

export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, msg.required),
});

export const signupFormSchema = z.object({
  name: z.string().trim().min(1, msg.required).min(limits.nameMin, msg.tooShort).max(limits.nameMax, msg.tooLong),
  email,
  // The field holds the masked text; the server gets the digits (at most 11).
  phone: z.string().transform(phoneDigits).pipe(z.string().max(limits.signupPhoneMax, msg.tooLong)),
  password: z.string().min(1, msg.required).min(limits.passwordMin, msg.tooShort).max(limits.passwordMax, msg.tooLong),
  // The select yields a string; "" means nothing chosen yet.
  planId: z
    .string()
    .min(1, msg.required)
    .transform((v) => Number(v)),
});

export const resetEmailSchema = z.object({ email });

/** 8+ characters with an uppercase letter, a lowercase letter and a number (the reset rule of §5). */
const strongPassword = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/;

export const resetPasswordSchema = z
  .object({
    code: z.string().trim().min(1, msg.required).max(20, msg.tooLong),
    newPassword: z
      .string()
      .min(1, msg.required)
      .min(limits.resetPasswordMin, msg.passwordRule)
      .max(limits.passwordMax, msg.tooLong)
      .regex(strongPassword, msg.passwordRule),
    confirmPassword: z.string().min(1, msg.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: msg.passwordsDontMatch });

export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormOutput = z.output<typeof signupFormSchema>;
