/**
 * A company stopped and let work again as the product does it (issue 29 item
 * 6): the super user's switch and due date (PUT /companies/{id}), and a due
 * date passing with nobody touching it (time moving on: the row's date set to
 * yesterday). What it kept meanwhile is read from paused_jobs.
 */
import type { CompanyDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { companies, whatsapps } from "../src/db/schema/index.js";
import { pausedJobsOf } from "../src/jobs/paused-jobs.js";
import { ADMIN, type TestServer } from "./harness.js";
import { login } from "./factories.js";
import { until } from "./sockets.js";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The super user's PUT /companies/{id}. */
export async function superUserSets(s: TestServer, companyId: number, body: { status?: boolean; dueDate?: string }) {
  const { token } = await login(s, ADMIN.email, ADMIN.password);
  const res = await s.request({ method: "PUT", path: `/companies/${companyId}`, token, body });
  expect(res.statusCode, res.body).toBe(200);
}

export const switchOff = (s: TestServer, companyId: number) => superUserSets(s, companyId, { status: false });
export const switchOn = (s: TestServer, companyId: number) => superUserSets(s, companyId, { status: true });
/** A due date moved a month on, as the super user would for a company that paid by other means. */
export const renew = (s: TestServer, companyId: number) => superUserSets(s, companyId, { dueDate: day(30) });

/** The due date passes: midnight came, nobody edited anything. */
export async function letDueDatePass(s: TestServer, companyId: number) {
  await s.ctx.db
    .update(companies)
    .set({ dueDate: day(-1) })
    .where(eq(companies.id, companyId));
}

/** The company as the super user's companies list shows it. */
export async function superUserSees(s: TestServer, companyId: number): Promise<CompanyDto> {
  const { token } = await login(s, ADMIN.email, ADMIN.password);
  const res = await s.request({ path: `/companies/${companyId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanyDto>();
}

/** The job kinds kept for the company, oldest first. */
export async function keptJobs(s: TestServer, companyId: number): Promise<string[]> {
  return (await pausedJobsOf(s.ctx.db, companyId)).map((j) => j.name);
}

/** Waits until the company has kept a job of this kind. */
export function untilKept(s: TestServer, companyId: number, name: string, timeoutMs = 10_000) {
  return until(async () => (await keptJobs(s, companyId)).includes(name), timeoutMs, 100);
}

/** The connection as its page shows it, and whether a driver runs it in this process. */
export async function connectionState(s: TestServer, whatsappId: number) {
  const [row] = await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId));
  return { status: row!.status, running: s.ctx.channels.sender(whatsappId) !== undefined };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
