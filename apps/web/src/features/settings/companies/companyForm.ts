/**
 * The company form of the Companies tab (core-platform §2.18, §5 Company
 * form): email and plan required; an empty or invalid due date is sent as
 * null. Messages are i18n keys, translated where they are shown.
 */
import { isCalendarDay, limits, recurrences, type CompanyDto, type Recurrence } from "@balcao/contracts";
import { z } from "zod";
import { companyDay } from "../../../app/company-clock";
import { msg } from "../../auth/auth-schemas";
import { maskPhone, phoneDigits } from "../../auth/phone-mask";

export const companyFormSchema = z.object({
  name: z.string().trim().min(1, msg.required).min(limits.nameMin, msg.tooShort).max(limits.nameMax, msg.tooLong),
  email: z.string().trim().min(1, msg.required).max(limits.emailMax, msg.tooLong).pipe(z.email(msg.invalidEmail)),
  phone: z.string(),
  /** A native select's value; "" is no plan yet. */
  planId: z.string().min(1, msg.required),
  status: z.enum(["true", "false"]),
  campaignsEnabled: z.enum(["true", "false"]),
  dueDate: z.string(),
  recurrence: z.enum(recurrences),
  /** Only when adding: the company's first admin, signing in with the company email. */
  password: z
    .string()
    .refine((v) => v === "" || v.length >= limits.passwordMin, msg.tooShort)
    .refine((v) => v.length <= limits.passwordMax, msg.tooLong),
});

export type CompanyFormValues = z.infer<typeof companyFormSchema>;

export const emptyCompanyForm: CompanyFormValues = {
  name: "",
  email: "",
  phone: "",
  planId: "",
  status: "true",
  campaignsEnabled: "false",
  dueDate: "",
  recurrence: "MENSAL",
  password: "",
};

export function toFormValues(company: CompanyDto): CompanyFormValues {
  return {
    name: company.name,
    email: company.email ?? "",
    phone: maskPhone(company.phone ?? ""),
    planId: company.planId === null ? "" : String(company.planId),
    status: company.status ? "true" : "false",
    campaignsEnabled: company.campaignsEnabled ? "true" : "false",
    dueDate: company.dueDate ?? "",
    recurrence: company.recurrence,
    password: "",
  };
}

/** The body of POST and PUT /companies (§7.3); the password only when adding. */
export function toSaveBody(values: CompanyFormValues, adding: boolean) {
  return {
    name: values.name,
    email: values.email,
    phone: phoneDigits(values.phone),
    planId: Number(values.planId),
    status: values.status === "true",
    campaignsEnabled: values.campaignsEnabled === "true",
    dueDate: isCalendarDay(values.dueDate) ? values.dueDate : null,
    recurrence: values.recurrence,
    ...(adding && values.password ? { password: values.password } : {}),
  };
}

/**
 * §3: only MENSAL can be chosen in the company form. A company given another
 * recurrence elsewhere keeps it selectable, so editing it does not change it.
 */
export function recurrenceChoices(current: Recurrence): Recurrence[] {
  return current === "MENSAL" ? ["MENSAL"] : ["MENSAL", current];
}

/** Another company already has this name, in any case (the duplicate-name hint). */
export function nameTaken(name: string, companies: CompanyDto[], editingId: number | undefined): boolean {
  const wanted = name.trim().toLowerCase();
  return wanted !== "" && companies.some((c) => c.id !== editingId && c.name.toLowerCase() === wanted);
}

/** Today on the company's calendar, as YYYY-MM-DD: the expiry button counts from here. */
export function localToday(now = new Date()): string {
  return companyDay(now);
}
