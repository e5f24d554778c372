/** The user as the spec's client reads it (core-platform §3 User). */
import type { AuthUser, Profile, QueueRef, SettingEntry } from "@balcao/contracts";
import type { companies, users } from "../../db/schema/index.js";

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

export function presentUser(
  user: UserRow,
  company: Pick<CompanyRow, "id" | "name" | "dueDate">,
  queues: QueueRef[],
  settings: SettingEntry[],
): AuthUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile as Profile,
    super: user.super,
    companyId: user.companyId,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket === "enabled" ? "enabled" : "desabled",
    language: user.language,
    online: user.online,
    queues,
    company: { id: company.id, name: company.name, dueDate: company.dueDate, settings },
  };
}
