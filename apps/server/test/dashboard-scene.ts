/**
 * Helpers of the dashboard's tests (dashboard.test.ts, dashboard.charts.test.ts):
 * tickets with a given timeline, the company's time zone, and another
 * company's data that must never be counted. Bound to the file's server.
 */
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { settings, userRatings } from "../src/db/schema/index.js";
import { buildContact, buildTicket } from "./conversations.js";
import { buildTenant } from "./factories.js";
import type { TestServer } from "./harness.js";

export type Tenant = Awaited<ReturnType<typeof buildTenant>>;
/** From one instant per test file, so the intervals between a scene's times are exact minutes. */
const base = Date.now();
export const minutesAgo = (m: number) => new Date(base - m * 60_000);

export function dashboardScene(server: () => TestServer) {
  const get = (token: string, path: string) => server().request({ path, token });
  const dashboard = async (t: Tenant, query: string) => {
    const res = await get(t.admin.token, `/dashboard?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** A ticket of a new contact of the company, with the given timeline. */
  async function ticket(
    companyId: number,
    fields: Parameters<typeof buildTicket>[1] extends infer T ? Partial<T> : never,
  ) {
    const contact = await buildContact(server(), companyId);
    return buildTicket(server(), { companyId, contactId: contact.id, ...fields });
  }

  async function setTimeZone(companyId: number, value: string) {
    await server()
      .ctx.db.update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, "timezone")));
  }

  /** The same kind of data in another company (business-hours figures included), which must never be counted. */
  async function otherCompanyNoise() {
    const o = await buildTenant(server());
    const closer = o.agent.id;
    for (let i = 0; i < 3; i++) {
      const t = await ticket(o.company.id, {
        status: "closed",
        userId: closer,
        createdAt: minutesAgo(300),
        acceptedAt: minutesAgo(200),
        closedAt: minutesAgo(20),
        firstResponseBusinessMinutes: 500,
        resolutionBusinessMinutes: 900,
      });
      await server()
        .ctx.db.insert(userRatings)
        .values({ companyId: o.company.id, ticketId: t.id, userId: closer, rate: 1 });
    }
    await ticket(o.company.id, { status: "open", userId: closer });
    await ticket(o.company.id, { status: "pending" });
    return o;
  }
  return { get, dashboard, ticket, setTimeZone, otherCompanyNoise };
}
