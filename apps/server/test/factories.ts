/**
 * Factories make a fresh tenant each time, so tests never truncate and never
 * see each other's rows.
 */
import { randomBytes } from "node:crypto";
import type { Profile } from "@balcao/contracts";
import { companies, plans, queues, userQueues, users } from "../src/db/schema/index.js";
import { hashPassword } from "../src/modules/auth/password.js";
import { createDefaultSettings } from "../src/modules/settings/settings.queries.js";
import type { TestServer } from "./harness.js";

const uid = () => randomBytes(4).toString("hex");

export async function buildPlan(s: TestServer, overrides: Partial<typeof plans.$inferInsert> = {}) {
  const [plan] = await s.ctx.db
    .insert(plans)
    .values({ name: `Plan ${uid()}`, users: 10, connections: 10, queues: 10, value: 99, ...overrides })
    .returning();
  return plan!;
}

export async function buildCompany(s: TestServer, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const plan = overrides.planId ? undefined : await buildPlan(s);
  const [company] = await s.ctx.db
    .insert(companies)
    .values({ name: `Company ${uid()}`, planId: plan?.id, dueDate: "2099-01-01", ...overrides })
    .returning();
  await createDefaultSettings(s.ctx.db, company!.id);
  return company!;
}

export const PASSWORD = "Secret123";

export async function buildUser(
  s: TestServer,
  opts: { companyId: number; profile?: Profile; super?: boolean; queueIds?: number[]; email?: string; name?: string },
) {
  const [user] = await s.ctx.db
    .insert(users)
    .values({
      companyId: opts.companyId,
      name: opts.name ?? `User ${uid()}`,
      email: opts.email ?? `user-${uid()}@example.com`,
      passwordHash: await hashPassword(PASSWORD),
      profile: opts.profile ?? "user",
      super: opts.super ?? false,
    })
    .returning();
  if (opts.queueIds?.length) {
    await s.ctx.db.insert(userQueues).values(opts.queueIds.map((queueId) => ({ userId: user!.id, queueId })));
  }
  return user!;
}

export async function buildQueue(
  s: TestServer,
  companyId: number,
  overrides: Partial<typeof queues.$inferInsert> = {},
) {
  const color = `#${randomBytes(3).toString("hex")}`;
  const [queue] = await s.ctx.db
    .insert(queues)
    .values({ companyId, name: `Queue ${uid()}`, color, ...overrides })
    .returning();
  return queue!;
}

export async function login(s: TestServer, email: string, password = PASSWORD) {
  const res = await s.request({ method: "POST", path: "/auth/login", body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const refresh = res.cookies.find((c) => c.name === "jrt")?.value;
  return { token: res.json<{ token: string }>().token, refresh: refresh!, body: res.json() };
}

/** A company with an admin and an agent, both signed in. */
export async function buildTenant(s: TestServer) {
  const company = await buildCompany(s);
  const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
  const agent = await buildUser(s, { companyId: company.id, profile: "user" });
  return {
    company,
    admin: { ...admin, token: (await login(s, admin.email)).token },
    agent: { ...agent, token: (await login(s, agent.email)).token },
  };
}
