/** The user as the spec's client reads it (core-platform §3 User). */
import type { AuthUser, Profile, QueueRef, SettingEntry, UserDto } from "@balcao/contracts";
import type { companies, users } from "../../db/schema/index.js";

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/** A row of the users page and of the company-{id}-user channel. */
export function presentUserItem(user: UserRow, queues: QueueRef[]): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile as Profile,
    super: user.super,
    companyId: user.companyId,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket === "enabled" ? "enabled" : "desabled",
    online: user.online,
    queues,
  };
}

/** The signed-in user with their company: login, refresh, /auth/me and the user modal. */
export function presentUser(
  user: UserRow,
  company: Pick<CompanyRow, "id" | "name" | "dueDate">,
  queues: QueueRef[],
  settings: SettingEntry[],
): AuthUser {
  return {
    ...presentUserItem(user, queues),
    language: user.language,
    company: { id: company.id, name: company.name, dueDate: company.dueDate, settings },
  };
}
