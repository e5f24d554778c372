/**
 * The user modal's form (core-platform §5 "User modal"). Messages are i18n
 * keys, translated where the error is shown, so a language switch applies.
 */
import { limits, type AuthUser, type Profile } from "@balcao/contracts";
import { z } from "zod";

const m = (key: string) => `userModal.validation.${key}`;

const passwordRule = (required: boolean) =>
  z
    .string()
    .refine((v) => !required || v !== "", m("required"))
    .refine((v) => v === "" || v.length >= limits.passwordMin, m("tooShort"))
    .refine((v) => v.length <= limits.passwordMax, m("tooLong"));

const userFields = (creating: boolean) =>
  z.object({
    name: z.string().trim().min(1, m("required")).min(limits.nameMin, m("tooShort")).max(limits.nameMax, m("tooLong")),
    password: passwordRule(creating),
    email: z
      .string()
      .trim()
      .min(1, m("required"))
      .pipe(z.email(m("invalidEmail"))),
    profile: z.enum(["admin", "user", "supervisor"]),
    allTicket: z.enum(["enabled", "desabled"]),
    /** "" for no default connection: a select needs a string value. */
    whatsappId: z.string(),
    queueIds: z.array(z.number()),
    /** Asked only of the signed-in user for their own record. */
    currentPassword: z.string(),
  });

/**
 * `creating`: a new user needs a password; an edit left empty keeps the current one.
 * `self`: the signed-in user's own record, whose email or password changes only with
 * the current password (the server checks it; the form asks for it first).
 */
export const userFormSchema = (creating: boolean, self?: { email: string }) =>
  userFields(creating).refine((v) => !self || !changesCredentials(v, self) || v.currentPassword !== "", {
    message: m("currentPasswordRequired"),
    path: ["currentPassword"],
  });

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

/** A new password, or an email other than the saved one (letter case aside, as the server compares). */
function changesCredentials(values: { password: string; email: string }, saved: { email: string }): boolean {
  return values.password !== "" || values.email.trim().toLowerCase() !== saved.email.toLowerCase();
}

export const emptyUserForm: UserFormValues = {
  name: "",
  password: "",
  email: "",
  profile: "user",
  allTicket: "desabled",
  whatsappId: "",
  queueIds: [],
  currentPassword: "",
};

export function toFormValues(user: AuthUser): UserFormValues {
  return {
    name: user.name,
    password: "",
    email: user.email,
    profile: user.profile,
    allTicket: user.allTicket === "enabled" ? "enabled" : "desabled",
    whatsappId: user.whatsappId === null ? "" : String(user.whatsappId),
    queueIds: user.queues.map((q) => q.id),
    currentPassword: "",
  };
}

export interface UserSaveBody {
  name: string;
  email: string;
  password?: string;
  profile?: Profile;
  allTicket?: "enabled" | "desabled";
  whatsappId?: number | null;
  queueIds?: number[];
  currentPassword?: string;
}

/** Fields the signed-in user may not edit are left out, so the server keeps them as they are. */
export function toSaveBody(values: UserFormValues, may: { editProfile: boolean; editQueues: boolean }): UserSaveBody {
  const body: UserSaveBody = { name: values.name, email: values.email };
  if (values.password) body.password = values.password;
  if (values.currentPassword) body.currentPassword = values.currentPassword;
  if (may.editProfile) {
    body.profile = values.profile;
    body.allTicket = values.allTicket;
    body.whatsappId = values.whatsappId === "" ? null : Number(values.whatsappId);
  }
  if (may.editQueues) body.queueIds = values.queueIds;
  return body;
}
