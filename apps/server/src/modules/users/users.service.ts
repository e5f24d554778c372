/** Users (core-platform §2.16, §7.2): the reads, the language and presence. */
import {
  userLimits,
  type AuthUser,
  type Language,
  type QueueRef,
  type UserListPage,
  type UserName,
} from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { listSettings } from "../settings/settings.queries.js";
import { presentUser, presentUserItem } from "./users.presenter.js";
import { findUser, pageOfUsers, queuesOfUsers, userNames } from "./users.queries.js";

/**
 * The user with company, settings and queues: what login, refresh, /auth/me
 * and the user modal read. The settings are as `viewer` may see them (the user
 * themself unless told otherwise).
 */
export async function loadAuthUser(
  ctx: Pick<Context, "db">,
  companyId: number,
  userId: number,
  viewer?: { super: boolean },
): Promise<AuthUser> {
  const user = await findUser(ctx.db, companyId, userId);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, user.companyId) });
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const [queues, settings] = await Promise.all([
    queuesOfUsers(ctx.db, [user.id]),
    listSettings(ctx.db, company.id, viewer ?? user),
  ]);
  return presentUser(
    user,
    company,
    queues.map(({ id, name, color }) => ({ id, name, color })),
    settings,
  );
}

/** Each user's queues ({id, name, color}, by name), for a list of users. */
async function queuesByUser(ctx: Pick<Context, "db">, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  for (const { userId, id, name, color } of await queuesOfUsers(ctx.db, userIds)) {
    byUser.get(userId)?.push({ id, name, color });
  }
  return byUser;
}

/** GET /users: a page of the company's users by name, with their queues. */
export async function listUsersPage(
  ctx: Context,
  companyId: number,
  searchParam: string,
  pageNumber: number,
): Promise<UserListPage> {
  const { rows, count } = await pageOfUsers(ctx.db, companyId, searchParam, pageNumber);
  const queues = await queuesByUser(
    ctx,
    rows.map((r) => r.id),
  );
  const list = rows.map((row) => presentUserItem(row, queues.get(row.id) ?? []));
  const hasMore = count > (pageNumber - 1) * userLimits.pageSize + rows.length;
  return { users: list, count, hasMore };
}

/** GET /users/list: the caller's company, or for a super user the company asked for; each user with their queues. */
export async function listUserNames(
  ctx: Context,
  who: { companyId: number; super: boolean },
  companyId: number | undefined,
): Promise<UserName[]> {
  const names = await userNames(ctx.db, who.super && companyId ? companyId : who.companyId);
  const queues = await queuesByUser(
    ctx,
    names.map((u) => u.id),
  );
  return names.map((u) => ({ ...u, queues: queues.get(u.id) ?? [] }));
}

export async function setLanguage(ctx: Context, companyId: number, userId: number, language: Language) {
  await ctx.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  await ctx.events.published("user.updated", { companyId, userId });
  return { language };
}

/** Presence from the socket's userStatus reports (every 5 min), not from each request. */
export async function reportPresence(ctx: Pick<Context, "db">, userId: number, online: boolean) {
  await ctx.db.update(users).set({ online, lastSeenAt: new Date() }).where(eq(users.id, userId));
}
