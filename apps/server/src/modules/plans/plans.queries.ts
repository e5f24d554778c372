/** Plan reads. Plans are platform-wide: no company owns one. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { plans } from "../../db/schema/index.js";

export function allPlans(db: Db) {
  return db.select().from(plans).orderBy(asc(plans.value), asc(plans.id));
}

export function findPlan(db: Db, id: number) {
  return db.query.plans.findFirst({ where: eq(plans.id, id) });
}

/** Another plan with this name in any case (the unique index alone compares case-sensitively). */
export function findPlanNamed(db: Db, name: string, exceptId?: number) {
  const sameName = sql`lower(${plans.name}) = ${name.toLowerCase()}`;
  return db.query.plans.findFirst({ where: exceptId ? and(sameName, ne(plans.id, exceptId)) : sameName });
}
