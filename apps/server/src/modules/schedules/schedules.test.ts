/**
 * /schedules (business-areas §2.8, §3, §5, §7): the calls as the spec's
 * client makes them, search and pages, the job each save queues (and moves),
 * bad input, realtime and isolation. Sending is in schedules.send.test.ts.
 */
import { channels, type ChannelPayloads, type ScheduleDto, type ScheduleListResponse } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";
import { schedules } from "../../db/schema/index.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** What the spec's modal sends: {body, contactId, sendAt, sentAt, userId}. */
const body = (contactId: number, extra: Record<string, unknown> = {}) => ({
  body: "Olá {{firstName}}, lembrete da consulta",
  contactId,
  sendAt: inAnHour().toISOString(),
  sentAt: "",
  userId: 999,
  ...extra,
});
const create = (token: string, contactId: number, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/schedules", token, body: body(contactId, extra) });
const update = (token: string, id: number, contactId: number, extra: Record<string, unknown> = {}) =>
  s.request({ method: "PUT", path: `/schedules/${id}`, token, body: body(contactId, extra) });
const page = async (token: string, query: Record<string, string> = {}) =>
  (
    await s.request({ path: `/schedules/?${new URLSearchParams({ pageNumber: "1", ...query }).toString()}`, token })
  ).json<ScheduleListResponse>();

/** The send-schedule job waiting for this schedule: when it may start. */
async function waitingJob(scheduleId: number): Promise<Date[]> {
  const { rows } = await s.ctx.database.raw.query<{ start_after: Date }>(
    "select start_after from pgboss.job where name = 'send-schedule' and singleton_key = $1 and state = 'created'",
    [String(scheduleId)],
  );
  return rows.map((r) => r.start_after);
}

async function tenantWithContact() {
  const t = await buildTenant(s);
  const contact = await buildContact(s, t.company.id, { name: "Maria Souza" });
  return { t, contact };
}

describe("create, read, update, delete", () => {
  it("creates a PENDENTE schedule by the caller, answers its id, and queues its send for sendAt", async () => {
    const { t, contact } = await tenantWithContact();
    const sendAt = inAnHour();
    const res = await create(t.agent.token, contact.id, { sendAt: sendAt.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<ScheduleDto>();
    expect(created).toMatchObject({
      id: expect.any(Number),
      body: "Olá {{firstName}}, lembrete da consulta",
      contactId: contact.id,
      contact: { id: contact.id, name: "Maria Souza", number: contact.number },
      sendAt: sendAt.toISOString(),
      sentAt: null,
      status: "PENDENTE",
      errorMessage: null,
      userId: t.agent.id,
      companyId: t.company.id,
      mediaPath: null,
    });
    const read = await s.request({ path: `/schedules/${created.id}`, token: t.admin.token });
    expect(read.json<ScheduleDto>()).toEqual(created);
    expect(await waitingJob(created.id)).toEqual([sendAt]);
  });

  it("moves the waiting send when sendAt changes, to an earlier or a later time", async () => {
    const { t, contact } = await tenantWithContact();
    const created = (await create(t.agent.token, contact.id)).json<ScheduleDto>();
    const earlier = new Date(Date.now() + 1_800_000);
    const res = await update(t.agent.token, created.id, contact.id, {
      body: "Texto novo do lembrete",
      sendAt: earlier.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ScheduleDto>()).toMatchObject({ body: "Texto novo do lembrete", sendAt: earlier.toISOString() });
    expect(await waitingJob(created.id)).toEqual([earlier]);
    // Later: the waiting job keeps the earlier start and, running then, queues itself for the new time.
    const later = new Date(Date.now() + 7_200_000);
    await update(t.agent.token, created.id, contact.id, { sendAt: later.toISOString() });
    expect(await waitingJob(created.id)).toEqual([earlier]);
    expect((await s.request({ path: `/schedules/${created.id}`, token: t.agent.token })).json()).toMatchObject({
      sendAt: later.toISOString(),
      status: "PENDENTE",
    });
  });

  it("deletes it: gone from the list and the show call, its send finds nothing", async () => {
    const { t, contact } = await tenantWithContact();
    const created = (await create(t.agent.token, contact.id)).json<ScheduleDto>();
    const res = await s.request({ method: "DELETE", path: `/schedules/${created.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect((await s.request({ path: `/schedules/${created.id}`, token: t.admin.token })).statusCode).toBe(404);
    expect((await page(t.admin.token)).schedules).toEqual([]);
    expect(await s.ctx.db.select().from(schedules).where(eq(schedules.id, created.id))).toEqual([]);
  });

  it("refuses to edit a sent schedule", async () => {
    const { t, contact } = await tenantWithContact();
    const created = (await create(t.agent.token, contact.id)).json<ScheduleDto>();
    await s.ctx.db.update(schedules).set({ status: "ENVIADA", sentAt: new Date() }).where(eq(schedules.id, created.id));
    const res = await update(t.agent.token, created.id, contact.id, { body: "Outra mensagem" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "ERR_SCHEDULE_ALREADY_SENT" });
    const [row] = await s.ctx.db.select().from(schedules).where(eq(schedules.id, created.id));
    expect(row!.body).toBe("Olá {{firstName}}, lembrete da consulta");
  });
});

describe("list and search", () => {
  it("lists by sendAt in pages of 20 with hasMore and count, searching the contact's name and the body", async () => {
    const { t, contact } = await tenantWithContact();
    const joao = await buildContact(s, t.company.id, { name: "João Lima" });
    for (let i = 0; i < 21; i++)
      await create(t.agent.token, contact.id, { sendAt: new Date(Date.now() + 3_600_000 + i * 60_000).toISOString() });
    await create(t.agent.token, joao.id, { body: "Pagamento vence amanhã" });
    const first = await page(t.agent.token);
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.schedules).toHaveLength(20);
    const sendAts = first.schedules.map((x) => x.sendAt);
    expect([...sendAts].sort()).toEqual(sendAts);
    const second = await page(t.agent.token, { pageNumber: "2" });
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(second.schedules).toHaveLength(2);
    expect((await page(t.agent.token, { searchParam: "joão" })).schedules.map((x) => x.contact.name)).toEqual([
      "João Lima",
    ]);
    expect((await page(t.agent.token, { searchParam: "pagamento" })).schedules.map((x) => x.body)).toEqual([
      "Pagamento vence amanhã",
    ]);
  });
});

describe("bad input", () => {
  it("refuses a short body, a missing contact or sendAt, and a date that is not one, storing nothing", async () => {
    const { t, contact } = await tenantWithContact();
    const refusals = [
      { body: "Oi" },
      { body: "    Oi    " },
      { contactId: undefined },
      { sendAt: undefined },
      { sendAt: "amanhã" },
      { contactId: "x" },
    ];
    for (const extra of refusals) {
      const res = await create(t.agent.token, contact.id, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect((await page(t.agent.token)).count).toBe(0);
  });

  it("refuses a contact of another company (ERR_NO_CONTACT_FOUND) on create and update", async () => {
    const { t, contact } = await tenantWithContact();
    const other = await tenantWithContact();
    const res = await create(t.agent.token, other.contact.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    const created = (await create(t.agent.token, contact.id)).json<ScheduleDto>();
    const moved = await update(t.agent.token, created.id, other.contact.id);
    expect(moved.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    expect((await page(t.agent.token)).schedules.map((x) => x.contactId)).toEqual([contact.id]);
  });
});

describe("realtime and isolation", () => {
  it("sends create, update and delete on company{id}-schedule to that company only", async () => {
    const { t, contact } = await tenantWithContact();
    const other = await buildTenant(s);
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.admin.token);
    const seen = record<ChannelPayloads["schedule"]>(mine, channels.schedule(t.company.id));
    const leaked = [t.company.id, other.company.id].map((id) => record(theirs, channels.schedule(id)));
    const created = (await create(t.admin.token, contact.id)).json<ScheduleDto>();
    await update(t.admin.token, created.id, contact.id, { body: "Mensagem alterada" });
    await s.request({ method: "DELETE", path: `/schedules/${created.id}`, token: t.admin.token });
    await flush(s, mine);
    await flush(s, theirs);
    expect(seen.map((e) => [e.action, e.schedule?.body ?? e.scheduleId])).toEqual([
      ["create", "Olá {{firstName}}, lembrete da consulta"],
      ["update", "Mensagem alterada"],
      ["delete", created.id],
    ]);
    expect(channels.schedule(t.company.id)).toBe(`company${t.company.id}-schedule`);
    for (const got of leaked) expect(got).toEqual([]);
  });

  it("never shows, changes or deletes another company's schedule", async () => {
    const { t, contact } = await tenantWithContact();
    const other = await buildTenant(s);
    const created = (await create(t.agent.token, contact.id)).json<ScheduleDto>();
    const cases = [
      { path: `/schedules/${created.id}` },
      { method: "PUT" as const, path: `/schedules/${created.id}`, body: body(contact.id) },
      { method: "DELETE" as const, path: `/schedules/${created.id}/media-upload` },
    ];
    for (const request of cases)
      await expectCompanyIsolation(s, {
        request,
        ownerToken: t.agent.token,
        otherToken: other.admin.token,
        secrets: ["Maria Souza"],
      });
    const gone = await s.request({ method: "DELETE", path: `/schedules/${created.id}`, token: other.admin.token });
    expect(gone.statusCode).toBe(404);
    await expectListIsolation(s, {
      path: "/schedules/",
      ownerToken: t.agent.token,
      otherToken: other.admin.token,
      secrets: ["Maria Souza"],
    });
  });
});
