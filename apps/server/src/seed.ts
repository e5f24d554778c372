/**
 * First start: the default plan, the platform company (id 1) and a super admin
 * whose generated password is printed once (or ADMIN_PASSWORD).
 */
import { randomBytes } from "node:crypto";
import { PLATFORM_COMPANY_ID, planLimits } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { companies, plans, users } from "./db/schema/index.js";
import { hashPassword } from "./modules/auth/password.js";
import { createDefaultSettings } from "./modules/settings/settings.queries.js";

export interface SeedResult {
  created: boolean;
  adminEmail: string;
  /** Only when it was generated now; never stored in clear. */
  generatedPassword?: string;
}

export async function seed(db: Db, config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): Promise<SeedResult> {
  const existing = await db.query.companies.findFirst({ where: eq(companies.id, PLATFORM_COMPANY_ID) });
  if (existing) return { created: false, adminEmail: config.ADMIN_EMAIL };
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomBytes(9).toString("base64url");
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD ?? generatedPassword ?? "");
  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({
        name: "Plano 1",
        users: 10,
        connections: 10,
        queues: 10,
        storageMb: planLimits.storageMbDefault,
        value: 30,
      })
      .onConflictDoNothing()
      .returning();
    await tx.insert(companies).values({
      id: PLATFORM_COMPANY_ID,
      name: "Empresa 1",
      email: config.ADMIN_EMAIL,
      planId: plan?.id ?? null,
      status: true,
      dueDate: "2099-12-31",
      recurrence: "MENSAL",
    });
    // The explicit id above does not advance the sequence.
    await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
    await createDefaultSettings(tx, PLATFORM_COMPANY_ID, { campaignsEnabled: "true" });
    await tx.insert(users).values({
      companyId: PLATFORM_COMPANY_ID,
      name: "Admin",
      email: config.ADMIN_EMAIL,
      passwordHash,
      profile: "admin",
      super: true,
      allTicket: "enabled",
    });
  });
  return { created: true, adminEmail: config.ADMIN_EMAIL, generatedPassword };
}
