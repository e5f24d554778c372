import { eq } from "drizzle-orm";
import type { AuthUser, Language } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { companies, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { listSettings } from "../settings/settings.queries.js";
import { presentUser } from "./users.presenter.js";
import { findUser, queuesOfUsers } from "./users.queries.js";

/** The signed-in user with company, settings and queues: what login, refresh and /auth/me answer. */
export async function loadAuthUser(ctx: Pick<Context, "db">, companyId: number, userId: number): Promise<AuthUser> {
  const user = await findUser(ctx.db, companyId, userId);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  const company = await ctx.db.query.companies.findFirst({ where: eq(companies.id, user.companyId) });
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const [queues, settings] = await Promise.all([
    queuesOfUsers(ctx.db, [user.id]),
    listSettings(ctx.db, company.id, user),
  ]);
  return presentUser(
    user,
    company,
    queues.map(({ id, name, color }) => ({ id, name, color })),
    settings,
  );
}

export async function setLanguage(ctx: Context, companyId: number, userId: number, language: Language) {
  await ctx.db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  const user = await loadAuthUser(ctx, companyId, userId);
  ctx.realtime.emit("user", { companyId }, { action: "update", user });
  return user;
}

/** Presence from the socket's userStatus reports (every 5 min), not from each request. */
export async function reportPresence(ctx: Pick<Context, "db">, userId: number, online: boolean) {
  await ctx.db.update(users).set({ online, lastSeenAt: new Date() }).where(eq(users.id, userId));
}
